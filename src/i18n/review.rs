//! The design review's words ([`crate::page_model::review_report`]), one
//! [`ReviewWords`] per language. A struct literal must name every field, so
//! a text added in English and forgotten in German or Japanese does not
//! compile, as with the [`Catalogue`](super::catalogue::Catalogue).
//!
//! The vocabulary is the lecture material's: write sharding (Write
//! Sharding, 書き込みシャーディング), a sparse index, a composite sort key,
//! GSI overloading — in German kept in English as the German lecture does.
//! Figures come in already spelled the language's way.

use super::lang::Lang;

/// The review's words in one language.
pub struct ReviewWords {
    pub title: &'static str,
    /// Names the Console tab's jump links to the review below.
    pub on_this_tab: &'static str,
    /// The heading over the tables and indexes reviewed.
    pub design: &'static str,
    /// `(patterns, seconds)`: what was reviewed.
    pub intro: fn(usize, u32) -> String,
    pub patterns: &'static str,
    pub col_verdict: &'static str,
    pub col_pattern: &'static str,
    pub col_served_by: &'static str,
    pub col_per_request: &'static str,
    pub col_rate: &'static str,
    pub col_requests: &'static str,
    pub col_throttled: &'static str,
    pub col_evidence: &'static str,
    pub throttles: &'static str,
    /// `(operation)`: served by its primary key.
    pub by_key: fn(&str) -> String,
    pub query_on_table: &'static str,
    /// `(index)`.
    pub query_on_index: fn(&str) -> String,
    /// A Scan reads every item of the table (or index).
    pub scan_reads_all: &'static str,
    /// The verdict of a pattern a SearchVectors serves.
    pub search: &'static str,
    /// `(vector index)`: the evidence of a search.
    pub search_on_index: fn(&str) -> String,
    /// `(bytes)`: what one search meters.
    pub searched_bytes: fn(&str) -> String,
    /// `(bytes)`: what one write meters in vector index entries.
    pub vector_written: fn(&str) -> String,
    /// Where the vector prices come from, when a pattern meters bytes.
    pub vector_prices: &'static str,
    /// `(throttled, requests, reasons)`.
    pub throttled_evidence: fn(&str, &str, &str) -> String,
    pub cost: &'static str,
    pub col_capacity: &'static str,
    pub col_on_demand: &'static str,
    pub col_provisioned: &'static str,
    /// `(table or table/index, item count, the count spelled, bytes)`.
    pub storage_row: fn(&str, u64, &str, &str) -> String,
    pub total: &'static str,
    /// `(region, date)`: where the prices come from.
    pub prices_note: fn(&str, &str) -> String,
    pub hot_spots: &'static str,
    pub no_traffic: &'static str,
    /// `(table or table/index, partition, partitions, consumed, throttled)`.
    pub hot_spot: fn(&str, usize, usize, &str, &str) -> String,
    /// `(key, accesses, throttled)`: follows the hot spot's sentence.
    pub hot_key: fn(&str, &str, &str) -> String,
    pub fixes: &'static str,
    pub no_fixes: &'static str,
    /// `(key, shards, first shard, last shard)`.
    pub write_sharding: fn(&str, u32, &str, &str) -> String,
    /// `(on a GSI, the table or GSI's name, the units a second it needs
    /// for all patterns, e.g. "1,500 WCU")`.
    pub provision: fn(bool, &str, &str) -> String,
    /// Evidence for a pattern a short run did not throttle: `(the table or
    /// GSI, the units a second needed, the units provisioned)`.
    pub over_capacity: fn(&str, &str, &str) -> String,
    /// `(sort key attributes joined)`: a GSI for a pattern that compares no
    /// attribute with `=`.
    pub gsi_sorted: fn(&str) -> String,
    /// What ends a sentence.
    pub full_stop: &'static str,
    /// `(partition key)`.
    pub gsi: fn(&str) -> String,
    /// `(sort key attributes joined, composite key)`.
    pub composite_sort_key: fn(&str, &str) -> String,
    pub sparse: &'static str,
    pub export_markdown: &'static str,
    pub copy_markdown: &'static str,
    pub print: &'static str,
    pub run: &'static str,
    pub pause: &'static str,
    pub step: &'static str,
    pub seconds_label: &'static str,
    pub seconds_needed: &'static str,
    /// `(done, of)`.
    pub progress: fn(u32, u32) -> String,
    pub heatmaps: &'static str,
    pub hint: &'static str,
    pub copied: &'static str,
}

static EN: ReviewWords = ReviewWords {
    title: "Design review",
    on_this_tab: "Further down this tab:",
    design: "Design",
    intro: |patterns, seconds| {
        let noun = if patterns == 1 { "access pattern" } else { "access patterns" };
        format!("{patterns} {noun}, their traffic sent at their rates for {seconds} s of engine time on the tables as they are (a dry run: nothing was changed).")
    },
    patterns: "Access patterns",
    col_verdict: "Verdict",
    col_pattern: "Pattern",
    col_served_by: "Served by",
    col_per_request: "Per request",
    col_rate: "Rate",
    col_requests: "Requests",
    col_throttled: "Throttled",
    col_evidence: "Evidence",
    throttles: "⚠ throttles at this rate",
    by_key: |op| format!("{op} by its primary key"),
    query_on_table: "Query on the table",
    query_on_index: |index| format!("Query on the index {index}"),
    scan_reads_all: "a Scan reads every item, whatever it returns",
    search: "✓ by SearchVectors",
    search_on_index: |index| format!("SearchVectors on the vector index {index}: metered in bytes, not units"),
    searched_bytes: |bytes| format!("{bytes} searched (estimate)"),
    vector_written: |bytes| format!("{bytes} of vector index writes"),
    vector_prices: "Vector indexes: writes $0.52 and searches $0.002 per GB (10⁹ bytes), on demand, August 2026; a search's bytes are the playground's estimate (DynamoDB publishes no formula).",
    throttled_evidence: |throttled, requests, reasons| format!("{throttled} of {requests} requests throttled: {reasons}"),
    cost: "Monthly cost",
    col_capacity: "Capacity needed",
    col_on_demand: "On demand",
    col_provisioned: "Provisioned",
    storage_row: |what, n, items, bytes| {
        let noun = if n == 1 { "item" } else { "items" };
        format!("Storage of {what}: {items} {noun}, {bytes} billed")
    },
    total: "Total",
    prices_note: |region, date| {
        format!("Prices: {region}, Standard table class, checked {date}; a 30-day month; provisioned at exactly the capacity each rate needs.")
    },
    hot_spots: "Hot spots",
    no_traffic: "No traffic reached a table.",
    hot_spot: |what, p, of, consumed, throttled| {
        format!("{what}: partition {p} of {of} consumed {consumed} units and throttled {throttled} requests.")
    },
    hot_key: |key, accesses, throttled| format!(" Its hottest key: {key} ({accesses} requests, {throttled} throttled)."),
    fixes: "What would fix it",
    no_fixes: "Every pattern is served by a key or a Query and holds at its rate.",
    write_sharding: |key, shards, first, last| {
        format!("Write sharding: spread {key} over {shards} partition key values ({first} … {last}), each write on one of them; reads query all {shards} in parallel and merge.")
    },
    provision: |gsi, name, units| {
        let on = if gsi { "the GSI" } else { "the table" };
        format!("Give {on} {name} the capacity all patterns need: {units} a second (or a higher on-demand maximum).")
    },
    over_capacity: |what, needed, provisioned| {
        format!("{what} is asked for {needed} a second and provisioned with {provisioned}: it runs on burst capacity, then throttles")
    },
    gsi_sorted: |sort| format!("A global secondary index sorted by {sort}, under a partition key only the wanted items carry (a sparse index)"),
    full_stop: ".",
    gsi: |pk| format!("A global secondary index with partition key {pk}"),
    composite_sort_key: |attributes, composite| format!(" and a composite sort key of {attributes} ({composite})"),
    sparse: ": a sparse index, as most items do not carry that attribute",
    export_markdown: "Export Markdown",
    copy_markdown: "Copy Markdown",
    print: "Print",
    run: "Run review",
    pause: "Pause",
    step: "Step 1 s",
    seconds_label: "Seconds of traffic",
    seconds_needed: "Seconds must be a whole number from 1 to 3600.",
    progress: |done, of| format!("{done} of {of} s"),
    heatmaps: "Partition heat",
    hint: "Runs every access pattern at its rate against your tables and GSIs, second by second, on a copy: nothing changes.",
    copied: "Copied.",
};

static DE: ReviewWords = ReviewWords {
    title: "Design-Review",
    on_this_tab: "Weiter unten auf diesem Tab:",
    design: "Entwurf",
    intro: |patterns, seconds| {
        format!("{patterns} Zugriffsmuster: ihr Traffic lief {seconds} s Engine-Zeit lang mit ihren Raten gegen die Tabellen in ihrem jetzigen Zustand (ein Probelauf: nichts wurde geändert).")
    },
    patterns: "Zugriffsmuster",
    col_verdict: "Urteil",
    col_pattern: "Muster",
    col_served_by: "Bedient durch",
    col_per_request: "Pro Anfrage",
    col_rate: "Rate",
    col_requests: "Anfragen",
    col_throttled: "Gedrosselt",
    col_evidence: "Beleg",
    throttles: "⚠ wird bei dieser Rate gedrosselt",
    by_key: |op| format!("{op} über den Primary Key"),
    query_on_table: "Query auf der Tabelle",
    query_on_index: |index| format!("Query auf dem Index {index}"),
    scan_reads_all: "ein Scan liest jedes Item, auch wenn er nur wenige zurückgibt",
    search: "✓ über SearchVectors",
    search_on_index: |index| format!("SearchVectors auf dem Vektorindex {index}: in Bytes gemessen, nicht in Einheiten"),
    searched_bytes: |bytes| format!("{bytes} durchsucht (Schätzung)"),
    vector_written: |bytes| format!("{bytes} Schreibvorgänge in Vektorindizes"),
    vector_prices: "Vektorindizes: Schreiben 0,52 $ und Suchen 0,002 $ pro GB (10⁹ Bytes), On-Demand, August 2026; die Bytes einer Suche sind eine Schätzung des Playgrounds (DynamoDB veröffentlicht keine Formel).",
    throttled_evidence: |throttled, requests, reasons| {
        format!("{throttled} von {requests} Anfragen gedrosselt: {reasons}")
    },
    cost: "Kosten pro Monat",
    col_capacity: "Benötigte Kapazität",
    col_on_demand: "On-Demand",
    col_provisioned: "Provisioned",
    storage_row: |what, n, items, bytes| {
        let noun = if n == 1 { "Item" } else { "Items" };
        format!("Speicherung von {what}: {items} {noun}, {bytes} abgerechnet")
    },
    total: "Summe",
    prices_note: |region, date| {
        format!("Preise: {region}, Tabellenklasse Standard, Stand {date}; ein Monat hat 30 Tage; Provisioned genau mit der Kapazität, die jede Rate braucht.")
    },
    hot_spots: "Hot Spots",
    no_traffic: "Kein Traffic hat eine Tabelle erreicht.",
    hot_spot: |what, p, of, consumed, throttled| {
        format!("{what}: Partition {p} von {of} hat {consumed} Einheiten verbraucht und {throttled} Anfragen gedrosselt.")
    },
    hot_key: |key, accesses, throttled| {
        format!(" Der heißeste Schlüssel: {key} ({accesses} Anfragen, {throttled} gedrosselt).")
    },
    fixes: "Abhilfe",
    no_fixes: "Jedes Muster wird über einen Schlüssel oder eine Query bedient und hält seine Rate.",
    write_sharding: |key, shards, first, last| {
        format!("Write Sharding: {key} auf {shards} Partition-Key-Werte verteilen ({first} … {last}), jeder Schreibzugriff trifft einen davon; Lesezugriffe fragen alle {shards} parallel ab und führen die Ergebnisse zusammen.")
    },
    provision: |gsi, name, units| {
        let on = if gsi { "Dem GSI" } else { "Der Tabelle" };
        format!("{on} {name} so viel Kapazität geben, wie alle Muster zusammen brauchen: {units} pro Sekunde (oder ein höheres On-Demand-Maximum).")
    },
    over_capacity: |what, needed, provisioned| {
        format!("{what} braucht {needed} pro Sekunde und hat {provisioned}: das trägt nur die Burst-Kapazität, dann wird gedrosselt")
    },
    gsi_sorted: |sort| format!("Ein Global Secondary Index sortiert nach {sort}, unter einem Partition Key, den nur die gesuchten Items haben (ein Sparse Index)"),
    full_stop: ".",
    gsi: |pk| format!("Ein Global Secondary Index mit Partition Key {pk}"),
    composite_sort_key: |attributes, composite| {
        format!(" und einem zusammengesetzten Sort Key aus {attributes} ({composite})")
    },
    sparse: ": ein Sparse Index, da die meisten Items dieses Attribut nicht haben",
    export_markdown: "Als Markdown exportieren",
    copy_markdown: "Markdown kopieren",
    print: "Drucken",
    run: "Review starten",
    pause: "Pause",
    step: "1 s weiter",
    seconds_label: "Sekunden Traffic",
    seconds_needed: "Die Sekunden Traffic müssen eine ganze Zahl von 1 bis 3600 sein.",
    progress: |done, of| format!("{done} von {of} s"),
    heatmaps: "Partitionslast",
    hint: "Schickt jedes Zugriffsmuster mit seiner Rate an die eigenen Tabellen und GSIs, Sekunde für Sekunde, auf einer Kopie: nichts ändert sich.",
    copied: "Kopiert.",
};

static JA: ReviewWords = ReviewWords {
    title: "設計レビュー",
    on_this_tab: "このタブの下のほう:",
    design: "設計",
    intro: |patterns, seconds| {
        format!("{patterns} 個のアクセスパターンのトラフィックを、それぞれのレートで {seconds} 秒間 (エンジン時間)、現在のテーブルに送りました (ドライラン: 何も変更していません)。")
    },
    patterns: "アクセスパターン",
    col_verdict: "判定",
    col_pattern: "パターン",
    col_served_by: "処理方法",
    col_per_request: "1 リクエストあたり",
    col_rate: "レート",
    col_requests: "リクエスト",
    col_throttled: "スロットリング",
    col_evidence: "根拠",
    throttles: "⚠ このレートでスロットリング",
    by_key: |op| format!("プライマリーキーによる {op}"),
    query_on_table: "テーブルへの Query",
    query_on_index: |index| format!("インデックス {index} への Query"),
    scan_reads_all: "Scan は、返す項目が少なくてもすべての項目を読み取ります",
    search: "✓ SearchVectors で検索",
    search_on_index: |index| format!("ベクトルインデックス {index} への SearchVectors: ユニットではなくバイトで計測"),
    searched_bytes: |bytes| format!("{bytes} を検索 (推定)"),
    vector_written: |bytes| format!("ベクトルインデックスへの書き込み {bytes}"),
    vector_prices: "ベクトルインデックス: 書き込み 0.52 ドル、検索 0.002 ドル / GB (10⁹ バイト)、オンデマンド、2026 年 8 月時点。検索のバイト数はプレイグラウンドの推定です (DynamoDB は計算式を公開していません)。",
    throttled_evidence: |throttled, requests, reasons| {
        format!("{requests} 件中 {throttled} 件のリクエストがスロットリング: {reasons}")
    },
    cost: "月額コスト",
    col_capacity: "必要なキャパシティー",
    col_on_demand: "オンデマンド",
    col_provisioned: "プロビジョンド",
    storage_row: |what, _, items, bytes| format!("{what} のストレージ: 項目 {items} 件、課金対象 {bytes}"),
    total: "合計",
    prices_note: |region, date| {
        format!("料金: {region}、Standard テーブルクラス ({date} 時点)。1 か月を 30 日として計算し、プロビジョンドは各レートに必要なキャパシティーちょうどで計算しています。")
    },
    hot_spots: "ホットスポット",
    no_traffic: "どのテーブルにもトラフィックが届きませんでした。",
    hot_spot: |what, p, of, consumed, throttled| {
        format!("{what}: パーティション {p} ({of} 個中) が {consumed} ユニットを消費し、{throttled} 件のリクエストがスロットリングされました。")
    },
    hot_key: |key, accesses, throttled| {
        format!("最もホットなキー: {key} (リクエスト {accesses} 件、スロットリング {throttled} 件)。")
    },
    fixes: "改善策",
    no_fixes: "すべてのパターンがキーまたは Query で処理され、このレートでもスロットリングされません。",
    write_sharding: |key, shards, first, last| {
        format!("書き込みシャーディング: {key} を {shards} 個のパーティションキー値 ({first} … {last}) に分散し、各書き込みはそのうち 1 つに行います。読み取りは {shards} 個すべてを並列にクエリしてマージします。")
    },
    provision: |gsi, name, units| {
        let on = if gsi { "GSI" } else { "テーブル" };
        format!("{on} {name} に、すべてのパターンに必要なキャパシティーを割り当てます: 毎秒 {units} (オンデマンドの場合は上限を引き上げます)。")
    },
    over_capacity: |what, needed, provisioned| {
        format!("{what} には毎秒 {needed} が必要ですが、プロビジョンドは {provisioned} です。バーストキャパシティーを使い切るとスロットリングされます")
    },
    gsi_sorted: |sort| {
        format!("{sort} でソートするグローバルセカンダリーインデックス (対象の項目だけが持つパーティションキーの下に置くスパースインデックス)")
    },
    full_stop: "。",
    gsi: |pk| format!("パーティションキー {pk} のグローバルセカンダリーインデックス"),
    composite_sort_key: |attributes, composite| format!("、{attributes} からなる複合ソートキー ({composite})"),
    sparse: ": ほとんどの項目がこの属性を持たないため、スパースインデックスになります",
    export_markdown: "Markdown でエクスポート",
    copy_markdown: "Markdown をコピー",
    print: "印刷",
    run: "レビューを実行",
    pause: "一時停止",
    step: "1 秒進める",
    seconds_label: "トラフィックの秒数",
    seconds_needed: "秒数は 1 から 3600 までの整数でなければなりません。",
    progress: |done, of| format!("{done} / {of} 秒"),
    heatmaps: "パーティションの負荷",
    hint:
        "各アクセスパターンをそのレートでテーブルと GSI に 1 秒ずつ送ります。コピー上で実行するため、何も変わりません。",
    copied: "コピーしました。",
};

impl Lang {
    /// The design review's words in this language.
    pub fn review(self) -> &'static ReviewWords {
        match self {
            Lang::En => &EN,
            Lang::De => &DE,
            Lang::Ja => &JA,
        }
    }
}
