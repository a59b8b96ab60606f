//! 日本語, in the words of the Japanese lecture notes (seeds `003`, `004`):
//! 項目, 属性, パーティションキー, ソートキー, グローバルセカンダリーインデックス,
//! 射影, 非キー属性, 強力な整合性のある読み込み, 読み取り/書き込みキャパシティーユニット.
//! Polite style (です・ます) in sentences, plain noun phrases in labels;
//! counts with their counter words (項目 3 件); figures as in English.
//!
//! Here are the texts with values; the fixed texts are `words/ja.txt`,
//! fetched by the page when the language is chosen ([`words`]).

use super::catalogue::{Access, CallOutcome, CallSummary, Catalogue, LabState, LimitType, Msg, RowControl, Said};
use super::catalogue::{
    ExportStep, Factor, FetchFailure, FileFailure, FormProblem, LabProblem, LabTitle, Place, RestoreFailure, Rounding,
    StorageFailure, Verb,
};
use super::catalogue::{Lost, Unused, Warning};
use super::lang::Lang;
use super::limits::PartitionLimits;
use super::numbers::count;
use super::words;

/// The Japanese catalogue.
pub struct Japanese;

impl Catalogue for Japanese {
    fn text(&self, msg: Msg) -> &'static str {
        words::text(Lang::Ja, msg)
    }

    fn example(&self, sample: &str) -> String {
        format!("例: {sample}")
    }

    fn keyspace(&self, position: &str) -> String {
        format!("キー空間 {position}")
    }

    fn fp_legend(&self, operation: &str, target: &str) -> String {
        format!("コンソールの {operation} が {target} から読むもの:")
    }

    fn fp_stop(&self, limit: Option<usize>, above: bool) -> String {
        let stop = match limit {
            Some(n) => format!("Limit {n} はここで止まる"),
            None => "1 MB のページはここで終わる".to_string(),
        };
        format!("{stop}: LastEvaluatedKey は{}の項目", if above { "上" } else { "下" })
    }

    fn duration(&self, millis: u64) -> String {
        if millis >= 1000 {
            format!("{:.1} 秒", millis as f64 / 1000.0)
        } else {
            format!("{millis} ミリ秒")
        }
    }

    fn delete_table(&self, table: &str) -> String {
        format!("{table} を削除")
    }

    fn table_contents(&self, items: u64, bytes: u64) -> String {
        format!("項目 {} 件 · {} バイト", count(Lang::Ja, items), count(Lang::Ja, bytes))
    }

    fn provisioned_capacity(&self, read: i64, write: i64) -> String {
        // Capacity is at least 1, so the unsigned value is the figure itself.
        let (read, write) = (count(Lang::Ja, read.unsigned_abs()), count(Lang::Ja, write.unsigned_abs()));
        format!("プロビジョンド · {read} RCU / {write} WCU")
    }

    fn lsi_partition_key(&self, table_partition: &str) -> String {
        format!("パーティションキー: テーブルと同じ ({table_partition})")
    }

    fn indexes_of(&self) -> (&'static str, &'static str) {
        ("", " のセカンダリーインデックス")
    }

    fn backfilling_left(&self, wait: &str) -> String {
        format!("バックフィル中 · 残り {wait}")
    }

    fn gone_in(&self, wait: &str) -> String {
        format!("{wait} 後に削除")
    }

    fn allocating_left(&self, wait: &str) -> String {
        format!("リソース割り当て中 · 残り {wait}")
    }

    fn not_searchable_left(&self, wait: &str) -> String {
        format!("まだ検索できません · 残り {wait}")
    }

    fn entries(&self, n: u64) -> String {
        format!("エントリー {} 件", count(Lang::Ja, n))
    }

    fn vector_point_ranked(&self, label: &str, rank: usize, score: &str) -> String {
        format!("{label}: {rank} 位、スコア {score}")
    }

    fn vector_map_summary(&self, points: u64, ranked: u64) -> String {
        format!("ベクトルマップ: {points} 項目を表示、{ranked} 件に順位")
    }

    fn vector_map_wrong_length(&self, got: u64, wanted: u64) -> String {
        format!("検索ベクトルの数値は {got} 個ですが、このインデックスのベクトルは {wanted} 個です。SearchVectors は拒否します。")
    }

    fn vector_map_projected(&self, dimensions: u64) -> String {
        format!(
            "{dimensions} 次元のベクトルを、最も違いが大きい 2 つの方向に射影したものです。マップ上の距離は、検索が\
             順位付けに使う距離ではありません。"
        )
    }

    fn vector_map_other_distance(&self, own: &str, other: &str) -> String {
        format!("このインデックスの検索は {own} で順位付けします。マップは同じ項目を {other} で順位付けした場合を示します。")
    }

    fn vector_map_not_served(&self, phase: &str, wait: &str) -> String {
        format!("インデックスは {phase} で、SearchVectors はあと {wait} 拒否します。マップはその後の検索と同じ順位でエントリを並べます。")
    }

    fn vector_shape(&self, dimensions: u64, distance: &str) -> String {
        format!("{dimensions} 次元 · {distance}")
    }

    fn vector_map_drawn(&self, shown: u64, total: u64, left_out: u64) -> String {
        match left_out {
            0 => format!("エントリー {total} 件中 {shown} 件を表示。"),
            n => format!("エントリー {total} 件中 {shown} 件と、インデックス外の項目 {n} 件を表示。"),
        }
    }

    fn skip_wait(&self, wait: &str) -> String {
        format!("待ち時間をスキップ ({wait})")
    }

    fn index_count(&self, n: u64) -> String {
        format!("インデックス {n} 個")
    }

    fn projected_include(&self, attributes: &str) -> String {
        format!("INCLUDE: キー + {attributes}")
    }

    fn index_grid_hint(&self, projection: &str) -> String {
        format!(
            "{projection}。インデックスのパーティションキーでまとめ、キー空間の順に並べています。その中はインデックスのソートキー順です。"
        )
    }

    fn marked_columns(&self) -> (&'static str, &'static str) {
        ("", " の付いた列は、テーブルの項目を指しています。")
    }

    fn leaves_in(&self, wait: &str) -> String {
        format!("このエントリーは {wait} 後にインデックスから消えます")
    }

    fn arrives_in(&self, wait: &str) -> String {
        format!("{wait} 後に到着")
    }

    fn editor_hint(&self) -> (&'static str, &'static str) {
        ("通常の JSON または DynamoDB JSON · ", " で項目を書き込み (PutItem)")
    }

    fn reserved_words(&self, words: usize) -> (&'static str, &'static str) {
        if words == 1 {
            ("予約語: ", "。DynamoDB では属性名として使えません。#name プレースホルダーで解決できます。")
        } else {
            ("予約語: ", "。DynamoDB ではどれも属性名として使えません。#name プレースホルダーで解決できます。")
        }
    }

    fn use_placeholders(&self, placeholders: &str) -> String {
        format!("{placeholders} を使う")
    }

    fn pages(&self, n: u64) -> String {
        format!("{} ページ", count(Lang::Ja, n))
    }

    fn items(&self, n: u64) -> String {
        format!("項目 {} 件", count(Lang::Ja, n))
    }

    fn generated(&self, items: u64, partition_keys: u64, replaced: u64) -> String {
        let mut text =
            format!("パーティションキー {} 個に{}を作成しました。", count(Lang::Ja, partition_keys), self.items(items));
        if replaced > 0 {
            text.push_str(&format!(
                "そのうち {} 件は、PutItem と同じく、先に作成した同じキーの項目を置き換えました。",
                count(Lang::Ja, replaced)
            ));
        }
        text
    }

    fn consumed(&self, units: &str) -> String {
        format!("消費 {units}")
    }

    fn on_demand_price(&self, price: &str) -> String {
        format!("オンデマンドで {price}")
    }

    fn unprocessed(&self, member: &str) -> String {
        format!("{member}: 一部のリクエストが処理されませんでした。レスポンスを確認してください。")
    }

    fn stopped_after(&self, pages: usize) -> String {
        format!("{pages} ページで停止しました。続けるには「次のページ」を押してください。")
    }

    fn not_a_request(&self, reason: &str) -> String {
        format!("# まだリクエストになっていません: {reason}")
    }

    fn against_local(&self, endpoint: &str) -> String {
        format!("ddb-local ({endpoint}) に対して実行")
    }

    fn prices_note(&self, read: f64, write: f64, checked: &str) -> String {
        format!(
            "料金: us-east-1 のオンデマンド (Standard テーブルクラス)。読み取りリクエストユニット 100 万あたり ${read}、書き込みリクエストユニット 100 万あたり ${write} ({checked} 時点の公開価格)。プロビジョンドのテーブルは代わりに時間単位で課金されます。この金額は、同じリクエストをオンデマンドで実行した場合の料金です。"
        )
    }

    fn cost_ratio(&self, ratio: &str, less: bool) -> String {
        format!("B は A より {ratio} {}", if less { "安価です" } else { "高価です" })
    }

    fn live_cost_of(&self, operation: &str) -> String {
        format!("この {operation} のライブコスト")
    }

    fn numbered(&self, what: Msg, n: usize) -> String {
        format!("{} {n}", self.text(what))
    }

    fn row_control(&self, control: RowControl, what: Msg, n: usize) -> String {
        let what = self.text(what);
        match control {
            RowControl::Remove => format!("{what} {n} を削除"),
            RowControl::Kind => format!("{what} {n} の種類"),
            RowControl::Item => format!("{what} {n} の項目"),
        }
    }

    fn operation_request(&self, operation: &str) -> String {
        format!("{operation} リクエスト")
    }

    fn error_is_in(&self, member: &str) -> String {
        format!("エラーは {member} にあります。フォームに切り替えると下線で示されます。")
    }

    fn missing(&self, name: &str) -> String {
        format!("{name} (存在しません)")
    }

    fn run_operation(&self, operation: &str) -> String {
        format!("{operation} を実行")
    }

    fn bytes(&self, n: usize) -> String {
        format!("{} バイト", count(Lang::Ja, n as u64))
    }

    fn vector_search_headline(&self, bytes: &str) -> String {
        format!("{bytes} バイトを検索 (推定)")
    }

    fn cost_vector_search(&self, bytes: &str) -> String {
        format!(
            "検索は読み込みユニットを使いません。VectorSearchRequestBytes で計測され、ここでは {bytes} です。この値は\
             プレイグラウンドの推定です (DynamoDB は計算式を公開していません)。次元数、検索した項目数、返したデータとともに\
             増え、1,024 を下回らず、検索ベクトルの大きさには左右されません。"
        )
    }

    fn cost_refused(&self, error: &str) -> String {
        format!("DynamoDB はこのリクエストを拒否します ({error})。拒否されたリクエストにコストはかかりません。")
    }

    fn cost_failed(&self, error: &str, units: &str) -> String {
        format!("このリクエストは {error} で失敗しますが、失敗前に行われた処理は課金されます: {units}。")
    }

    fn cost_nothing_read(&self, query: bool, units: &str) -> String {
        format!(
            "{}。それでも、読み取りには最低でも 4 KB ブロック 1 つ分のコストがかかります: {units}。",
            if query { "キー条件に一致する項目はありません" } else { "テーブルは空です" }
        )
    }

    fn cost_filter_removed(&self, removed: u64, scanned: u64, units: &str) -> String {
        format!(
            "フィルターで{}のうち {} 件が除外されましたが、{} 件すべてが読み取られています: {units}。",
            self.items(scanned),
            count(Lang::Ja, removed),
            count(Lang::Ja, scanned)
        )
    }

    fn cost_filter_kept(&self, scanned: u64, units: &str) -> String {
        format!("フィルターは読み取った{}をすべて残しました: {units}。", self.items(scanned))
    }

    fn cost_read_returned(&self, scanned: u64, bytes: usize, returned: u64, units: &str) -> String {
        format!(
            "{}を読み取り ({})、{}を返しました: {units}。",
            self.items(scanned),
            self.bytes(bytes),
            self.items(returned)
        )
    }

    fn cost_summed(&self, scanned: u64, bytes: usize) -> String {
        format!(
            "読み取った{}のサイズは合計され ({})、項目ごとではなくページごとに 1 回、4 KB 単位に切り上げられます。",
            self.items(scanned),
            self.bytes(bytes)
        )
    }

    fn cost_limit_stopped(&self, limit: u64) -> String {
        format!("Limit {limit} で読み取りが止まりました (Limit はフィルター前に読み取った項目を数えます)。LastEvaluatedKey が次のページの開始位置を示します。")
    }

    fn cost_get(&self, found: Option<usize>, strong: bool, units: &str) -> String {
        let consistency = if strong {
            "強力な整合性のある読み込み: 全額"
        } else {
            "結果整合性のある読み込み: 半額"
        };
        match found { Some(bytes) => format!("{} の項目が見つかり、4 KB ブロック単位に切り上げられました ({consistency}): {units}。", self.bytes(bytes)), None => format!("このキーの項目はありませんが、読み取りには 4 KB ブロック 1 つ分のコストがかかります ({consistency}): {units}。") }
    }

    fn cost_write(&self, operation: &str, bytes: usize, units: &str) -> String {
        let what = match operation {
            "PutItem" => "Put は古い項目と新しい項目の大きい方",
            "UpdateItem" => "Update は更新前と更新後の項目の大きい方",
            _ => "Delete は削除する項目",
        };
        format!("{what}の料金を 1 KB ブロック単位で支払います ({}): {units}。", self.bytes(bytes))
    }

    fn cost_batch_get(&self, bytes: usize, reads: usize, units: &str) -> String {
        format!(
            "バッチでは各項目が個別に 4 KB 単位に切り上げられます ({reads} 回の読み取りで {}): {units}。",
            self.bytes(bytes)
        )
    }

    fn cost_batch_write(&self, writes: usize, units: &str) -> String {
        format!(
            "バッチは個々の書き込みと同じく課金され、各項目は 1 KB ブロック単位です ({writes} 回の書き込み): {units}。"
        )
    }

    fn cost_transaction(&self, actions: usize, units: &str) -> String {
        format!("トランザクションのコストは 2 倍です。各項目を個別に切り上げてから × 2 します ({actions} アクション): {units}。")
    }

    fn and_more(&self, n: usize) -> String {
        format!("… ほか {n} 件")
    }

    fn cost_index_writes(&self, parts: &str, total: &str) -> String {
        format!("セカンダリーインデックスには追加の書き込みコストがかかり、各エントリーは 1 KB 単位に切り上げられます: {parts} — 合計 {total}。")
    }

    fn cost_read_from_index(&self, index: &str) -> String {
        format!(
            "{index} から読み取り: テーブルの項目ではなく、インデックスの射影されたエントリーでサイズが決まります。"
        )
    }

    fn cost_lsi_fetch(&self, units: &str) -> String {
        format!("ローカルインデックスが射影しない属性はテーブルから取得されました: そのうち {units} が取得分です。")
    }

    fn touched_partitions(&self, total: usize, parts: &str) -> String {
        format!("アクセスしたパーティション: {total} ({parts})。")
    }

    fn table_index(&self, table: &str, index: &str) -> String {
        format!("{table} のインデックス {index}")
    }

    fn partitions_of(&self, numbers: &[usize], more: bool, of: usize) -> String {
        let list: Vec<String> = numbers.iter().map(usize::to_string).collect();
        let more = if more { "、…" } else { "" };
        match numbers.len() {
            0 => format!("全 {of} パーティション"),
            _ => format!("{of} 個中のパーティション {}{more}", list.join(", ")),
        }
    }

    fn cost_not_request_in(&self, field: &str, message: &str) -> String {
        format!(" ({field}): {message}")
    }

    fn all_pages(&self, pages: usize, complete: bool, units: &str, returned: u64, scanned: u64, price: &str) -> String {
        format!(
            "全ページ: {} ページ{}、合計 {units}、{} 件中 {} 件の項目を返却 · オンデマンドで {price}。",
            count(Lang::Ja, pages as u64),
            if complete { "" } else { " (以上。プレビューはここで止まります)" },
            count(Lang::Ja, scanned),
            count(Lang::Ja, returned)
        )
    }

    fn provisioned_share(&self, capacity: i64, unit: &str, percent: &str) -> String {
        format!("このテーブルのプロビジョンドキャパシティーは毎秒 {capacity} {unit} です。このリクエストは 1 秒分のキャパシティーの {percent} を使います。")
    }

    fn per_million(&self, price: &str) -> String {
        format!("このリクエスト 100 万回で {price}")
    }

    fn dry_run_computed(&self, millis: &str) -> String {
        format!("ドライランの計算時間 {millis} ms")
    }

    fn seed(&self, seed: &str) -> String {
        format!("シード {seed}")
    }

    fn step_of(&self, step: usize, steps: usize) -> String {
        format!("ステップ {step} / {steps}")
    }

    fn checklist_read(&self, requests: u64, returned: u64, scanned: u64) -> String {
        let times = if requests > 1 { format!("{requests} リクエスト、") } else { String::new() };
        if scanned != returned {
            format!("{times}読み取った {} 件中 {} 件", count(Lang::Ja, scanned), count(Lang::Ja, returned))
        } else {
            format!("{times}{}", self.items(returned))
        }
    }

    fn planner_math(
        &self,
        read: &str,
        write: &str,
        by_capacity: &str,
        size: &str,
        by_size: &str,
        partitions: u64,
    ) -> String {
        let PartitionLimits { rcu: max_rcu, wcu: max_wcu, size: max_size } = PartitionLimits::in_lang(Lang::Ja);
        format!("キャパシティー: {read} / {max_rcu} + {write} / {max_wcu} = {by_capacity}、サイズ: {size} GB / {max_size} = {by_size}、ceil(max) = {partitions}")
    }

    fn shard_math(&self, items: &str, percent: &str, share: &str, per_block: u64, size: u64, shards: u64) -> String {
        let PartitionLimits { rcu: max_rcu, .. } = PartitionLimits::in_lang(Lang::Ja);
        format!("項目 {items} 件 × {percent} % = {share} 件が 1 つのキー値を共有。1 パーティションは毎秒 {max_rcu} × {per_block} 件 ({size} B) を読み取り → ceil = {shards}")
    }

    fn seconds_per_second(&self, n: u32) -> String {
        format!("1 秒あたり {n} 秒")
    }

    fn lab_status(&self, state: LabState, speed: &str, done: u64, seconds: u64) -> String {
        match state {
            LabState::Finished => format!("完了: {seconds} 秒をシミュレートしました。"),
            LabState::Running => format!("実行中 ({speed}) · {seconds} 秒中 {done} 秒目"),
            LabState::Paused => format!("{seconds} 秒中 {done} 秒目で一時停止中"),
        }
    }

    fn apply_sharding(&self, shards: u64) -> String {
        format!("書き込みシャーディング ({shards} シャード) を適用して再実行")
    }

    fn index_contents(&self, entries: u64, bytes: u64) -> String {
        format!("{} · {} バイト", self.entries(entries), count(Lang::Ja, bytes))
    }

    fn item_collections(&self, n: u64) -> String {
        format!("項目コレクション {} 個", count(Lang::Ja, n))
    }

    fn index_partition_keys(&self, n: u64) -> String {
        format!("インデックスのパーティションキー {n} 個")
    }

    fn updates_on_the_way(&self, n: u64) -> String {
        format!("反映待ちの更新 {n} 件")
    }

    fn creating_backfilling(&self, wait: &str) -> String {
        format!("CREATING · バックフィル中、残り {wait} · ACTIVE になるまでクエリできません")
    }

    fn items_in(&self) -> (&'static str, &'static str) {
        ("", " の項目")
    }

    fn index_of_table(&self) -> (&'static str, &'static str) {
        (" (", ")")
    }

    fn access_path(&self, scan: bool, operation: &str, reads: usize, target: &str) -> String {
        match (scan, reads) {
            (true, _) => format!("{target} の Scan"),
            (false, 2..) if operation == "GetItem" || operation == "Query" => {
                format!("{target} への {operation} × {reads}")
            }
            _ => format!("{target} への {operation}"),
        }
    }

    fn statement_reads(&self, read: u64, of: Option<u64>, all: bool, returned: u64) -> String {
        let (read_n, returned_n) = (count(Lang::Ja, read), count(Lang::Ja, returned));
        match (all, of) {
            (true, _) => format!("。全 {read_n} 件を読み取り、{returned_n} 件を返します"),
            (false, Some(of)) => {
                format!("。このページで {} 件中 {read_n} 件を読み取り、{returned_n} 件を返します", count(Lang::Ja, of))
            }
            (false, None) => format!("。{read_n} 件を読み取り、{returned_n} 件を返します"),
        }
    }

    fn statement_sentence(&self, verb: &str, path: &str, reads: &str, cost: &str) -> String {
        format!("この {verb} は {path} です{reads}: {cost}")
    }

    fn saved_operations(&self, n: usize) -> String {
        format!("保存済みオペレーション ({n})")
    }

    fn expired_ago(&self, ago: &str, swept_in: &str) -> String {
        format!("{ago} 前に期限切れ · {swept_in} 後に削除")
    }

    fn expired_items(&self, n: u64) -> String {
        format!("期限切れでまだ削除されていない項目が {n} 件あります。GetItem、Query、Scan はまだそれらを返します。")
    }

    fn ttl_of(&self) -> (&'static str, &'static str) {
        ("", " の Time to Live")
    }

    fn ttl_enabled_on(&self, attribute: &str) -> String {
        format!("ENABLED ({attribute})")
    }

    fn ttl_now(&self, now_seconds: u64) -> String {
        format!("現在: {now_seconds} (エンジンの時計、エポック秒)。TTL 属性がこの値以下の項目は期限切れです。")
    }

    fn child_of(&self, parent: &str) -> String {
        format!("{parent} の子")
    }

    fn records(&self, n: u64) -> String {
        format!("レコード {n} 件")
    }

    fn stream_count(&self, label: &str, total: u64, shown: Option<usize>) -> String {
        let shown = shown.map(|n| format!(" (最新 {n} 件を表示)")).unwrap_or_default();
        format!("ストリーム {label}: {}{shown}、新しい順。", self.records(total))
    }

    fn stream_shards(&self, n: u64) -> String {
        format!("シャード {n} 個: パーティションごとに 1 つ。分割したパーティションは自分のシャードを閉じ、半分ごとに 1 つ開きました")
    }

    fn trigger_stats(
        &self,
        records: u64,
        writes: u64,
        units: f64,
        throttles: u64,
        failures: u64,
        pending: u64,
    ) -> String {
        format!(
            "{} · 書き込み {} 件 · {} WCU · スロットリング {} 件 · 失敗 {} 件 · 待機中 {} 件",
            self.records(records),
            count(Lang::Ja, writes),
            Lang::Ja.number(units),
            count(Lang::Ja, throttles),
            count(Lang::Ja, failures),
            count(Lang::Ja, pending)
        )
    }

    fn by_trigger(&self, trigger: &str, table: &str) -> String {
        format!("{table} のストリームのトリガー {trigger} による書き込みです (トリガー自身の書き込みで、あなたのリクエストではありません)。")
    }

    fn trigger_wrote(&self, key: &str, units: f64) -> String {
        format!("{key} に書き込み ({} WCU)", Lang::Ja.number(units))
    }

    fn stream_of(&self) -> (&'static str, &'static str) {
        ("", " のストリーム")
    }

    fn call_summary(&self, summary: &CallSummary) -> String {
        let charged = |units: &Option<String>| units.clone().unwrap_or_else(|| "課金なし".into());
        let detail = match &summary.outcome {
            CallOutcome::NotSent(error) => format!("未送信: {error}"),
            CallOutcome::Failed(error) => error.to_string(),
            CallOutcome::Throttled { exception, on_index, access, limit } => {
                format!("{exception}: {}", self.throttling_reason(*on_index, *access, *limit))
            }
            CallOutcome::Created => "作成しました".into(),
            CallOutcome::Deleted { items } => format!("削除しました ({})", self.items(*items)),
            CallOutcome::Got { found, units, strong } => {
                let consistency = if *strong {
                    "強力な整合性のある読み込み"
                } else {
                    "結果整合性のある読み込み"
                };
                format!("{}、{units} ({consistency})", if *found { "見つかりました" } else { "見つかりません" })
            }
            CallOutcome::Charged(units) => charged(units),
            CallOutcome::Read { count, scanned, more, charged: units } => format!(
                "{}中 {} 件を読み取り{}、{}",
                self.items(*scanned),
                self::count(Lang::Ja, *count),
                if *more { "、続きのページあり" } else { "" },
                charged(units)
            ),
            CallOutcome::Ok => "OK".into(),
        };
        format!("{} → {detail}", summary.head)
    }

    fn provisioned_line(&self, capacity: u64, unit: &str) -> String {
        format!("プロビジョンド ({} {unit})", count(Lang::Ja, capacity))
    }

    fn burst_bucket(&self, partition: usize, tokens: &str) -> String {
        format!("P{partition} (最も高負荷なパーティション) のバーストバケット: 残り {tokens} トークン")
    }

    fn heatmap_caption(&self, seconds_per_column: usize) -> String {
        format!("パーティション × 時間 (1 列 {seconds_per_column} 秒)")
    }

    fn lab_keyspace(&self, partitions: usize, splits: usize) -> String {
        let splits =
            if splits > 0 { format!("、うち高負荷による分割で追加 {splits} 個") } else { String::new() };
        format!("ラボ用テーブルのキー空間: パーティション {partitions} 個{splits}")
    }

    fn lab_summary(
        &self,
        progress: Option<(u32, u32)>,
        counts: [u64; 3],
        percent: &str,
        consumed: &str,
        partitions: usize,
    ) -> String {
        let PartitionLimits { rcu: max_rcu, wcu: max_wcu, .. } = PartitionLimits::in_lang(Lang::Ja);
        let progress = progress.map(|(done, of)| format!("{of} 秒中 {done} 秒目 · ")).unwrap_or_default();
        let [requests, throttled, at_limit] = counts;
        let c = |n| count(Lang::Ja, n);
        format!("{progress}リクエスト {} 件、スロットリング {} 件 ({percent}%)、うちパーティションごとの上限 {max_wcu} WCU / {max_rcu} RCU によるもの {} 件 · 消費 {consumed} · パーティション {partitions} 個", c(requests), c(throttled), c(at_limit))
    }

    fn top_keys_recent(&self, seconds: u64) -> String {
        format!("上位のキー (直近 {seconds} 秒、CloudWatch Contributor Insights と同様)")
    }

    fn said(&self, said: &Said) -> String {
        match said {
            Said::Fixed(msg) => self.text(*msg).to_string(),
            Said::LinkCopied { length } => {
                let mut text = format!(
                    "リンクをクリップボードにコピーしました: {} 文字 (アドレスバーにもあります)。",
                    count(Lang::Ja, *length as u64)
                );
                if *length > 8000 {
                    text.push_str(" 長いリンクはチャットツールで切れることがあります。大きなシナリオはファイルにエクスポートしてください。");
                }
                text
            }
            Said::Exported { name, partial: false } => format!("{name} をエクスポートしました。"),
            Said::Exported { name, partial: true } => {
                format!("{name} をエクスポートしました。ファイルに含まれないもの:")
            }
            Said::Imported { file, model, tables, items } => {
                let what = match model {
                    Some(Some(name)) => format!(" (NoSQL Workbench モデル「{name}」)"),
                    Some(None) => " (NoSQL Workbench モデル)".to_string(),
                    None => String::new(),
                };
                format!("{file}{what} をインポートしました: テーブル {tables} 個、{}。", self.items(*items as u64))
            }
            Said::LessonOpened { lesson, kept, earlier } => {
                let title = lesson.title_in(Lang::Ja);
                let mut text = format!("レッスン「{title}」を開きました。");
                if *kept {
                    text.push_str(" 元のプレイグラウンドは保存されています。レッスンパネルの「元のプレイグラウンドに戻す」で戻せます。");
                }
                if let Some(name) = earlier {
                    text.push_str(&format!(
                        " 以前のレッスンの前に保存したプレイグラウンドは、ワークスペース「{name}」になりました。"
                    ));
                }
                text
            }
            Said::WorkspaceSaved { name } => format!("プレイグラウンドをワークスペース「{name}」として保存しました。"),
            Said::WorkspaceOpened { name } => format!("ワークスペース {name} を開きました。"),
            Said::WorkspaceDeleted { name } => format!("ワークスペース「{name}」を削除しました。"),
            Said::WorkspaceReplaceAsk { name } => format!("ワークスペース「{name}」をこのプレイグラウンドで置き換えますか?"),
            Said::WorkspaceDeleteAsk { name } => format!("ワークスペース「{name}」を削除しますか? 元に戻せません。"),
            Said::AutosaveFailed(failure @ StorageFailure::NoStorage) => {
                format!("自動保存に失敗しました: {}。", storage_failure(failure, "シナリオ"))
            }
            Said::AutosaveFailed(failure) => format!(
                "自動保存に失敗しました: {}。以前に保存したコピーは残っています。この状態を残すにはエクスポートしてください。",
                storage_failure(failure, "シナリオ")
            ),
            Said::WorkspaceNotSaved(StorageFailure::NoStorage) => format!("{NO_STORAGE}。"),
            Said::WorkspaceNotSaved(failure) => format!("{}。", storage_failure(failure, "ワークスペース")),
            Said::WorkspaceNotOpened { name, reason: None } => {
                format!("ワークスペース「{name}」はありません。{UNCHANGED}")
            }
            Said::WorkspaceNotOpened { name, reason: Some(reason) } => {
                format!("ワークスペース「{name}」を読み込めませんでした。{reason} {UNCHANGED}")
            }
            Said::LinkUnreadable { reason } => format!("リンクを読み込めませんでした。{reason} {UNCHANGED}"),
            Said::ImportFailed(failure) => {
                let reason = match failure {
                    FileFailure::TooLarge { name, mb } => {
                        format!("{name} は {mb} MB を超えているため、読み込みませんでした。")
                    }
                    FileFailure::NoReader => "このブラウザーはファイルを読み込めません。".to_string(),
                    FileFailure::Refused { name, message } => {
                        format!("{name} をインポートできませんでした: {message}")
                    }
                    FileFailure::NotText { name } => format!("{name} をテキストとして読み込めませんでした。"),
                    FileFailure::Unreadable { name } => format!("{name} を読み込めませんでした。"),
                    FileFailure::NotLoaded { name, reason } => format!(
                        "{name} をインポートできませんでした: NoSQL Workbench モデルを読むコードを読み込めませんでした ({})。",
                        fetch_failure(reason)
                    ),
                };
                format!("{reason} {UNCHANGED}")
            }
            Said::ExportFailed(step) => {
                let what = match step {
                    ExportStep::NoWindow => "ブラウザーウィンドウがありません",
                    ExportStep::NoDocument => "ドキュメントがありません",
                    ExportStep::NoFile => "ブラウザーがファイルを作成できませんでした",
                    ExportStep::NoObjectUrl => "オブジェクト URL がありません",
                    ExportStep::NoLinkElement => "リンク要素がありません",
                    ExportStep::NotLoaded(reason) => {
                        return format!(
                            "エクスポートに失敗しました: この形式を書き出すコードを読み込めませんでした ({})。",
                            fetch_failure(reason)
                        )
                    }
                };
                format!("エクスポートに失敗しました: {what}。")
            }
            Said::NoSuchLesson { id, known } => {
                format!("レッスン「{id}」はありません。レッスンは次のとおりです: {known}。{UNCHANGED}")
            }
            Said::LessonLoading { lesson } => format!("レッスン「{}」を読み込んでいます…", lesson.title_in(Lang::Ja)),
            Said::LessonNotLoaded { lesson, reason } => {
                let title = lesson.title_in(Lang::Ja);
                let reason = fetch_failure(reason);
                format!("レッスン「{title}」を読み込めませんでした: {reason}。")
            }
            Said::PanelLoading { title } => format!("「{title}」を読み込んでいます…"),
            Said::ExportRefused { message } => format!("エクスポートに失敗しました: {message}"),
            Said::ConverterLoading { import: false } => {
                "エクスポートを準備しています: 書き出すコードを読み込んでいます…".to_string()
            }
            Said::ConverterLoading { import: true } => {
                "インポートを準備しています: NoSQL Workbench モデルを読むコードを読み込んでいます…".to_string()
            }
            Said::PanelNotLoaded { title, reason } => {
                let reason = fetch_failure(reason);
                format!("「{title}」を読み込めませんでした: {reason}。")
            }
            Said::WordsNotLoaded { lang, reason } => {
                let reason = match reason {
                    Some(reason) => fetch_failure(reason),
                    None => "ファイルが別のバージョンのものです。ページを再読み込みしてください".to_string(),
                };
                format!("{}を読み込めませんでした: {reason}。ページの言語は変わりません。", lang.endonym())
            }
            Said::LessonNotKept { no_storage: true } => format!("レッスンを開きませんでした: {NO_STORAGE}。"),
            Said::LessonNotKept { no_storage: false } => {
                "レッスンを開きませんでした: ブラウザーが現在のプレイグラウンドのコピーの保存を拒否しました。"
                    .to_string()
            }
            Said::NotRestored(failure) => {
                let reason = match failure {
                    RestoreFailure::NoStorage => NO_STORAGE,
                    RestoreFailure::NothingKept => "残してあるプレイグラウンドはありません",
                    RestoreFailure::Unreadable { reason, kept_under } => {
                        return format!(
                            "何も復元されませんでした: {reason}。読めないコピーは localStorage の「{kept_under}」に\
                             保管されています。"
                        )
                    }
                };
                format!("何も復元されませんでした: {reason}。")
            }
            Said::EmbedLinkCopied { view, length } => format!(
                "{}の埋め込みリンクをコピーしました ({} 文字)。スライドの <iframe> の src に使ってください。\
                 今の状態のこのプレイグラウンドを表示します。埋め込まれたページは保存しません。",
                self.text(*view),
                count(Lang::Ja, *length as u64)
            ),
            Said::Joined(all) => all.iter().map(|said| self.said(said)).collect::<Vec<_>>().join(" "),
            Said::SavedUnreadable { reason, bytes, kept_under, backed_up, started_from_copy } => {
                let size = count(Lang::Ja, *bytes as u64);
                let start = if *started_from_copy {
                    "直前に保存された最後の正常なコピーから開始しました。"
                } else {
                    "空の状態で開始しました。"
                };
                let kept = if *backed_up {
                    format!("このコピーは localStorage の「{kept_under}」に保管されています。")
                } else {
                    format!(
                        "ブラウザーのストレージがいっぱいで退避できないため、「{kept_under}」にそのまま残し、\
                         ページを再読み込みするまで上書きしません。必要なら今のうちにエクスポートまたはコピーしてください。"
                    )
                };
                format!("自動保存されたプレイグラウンド ({size} バイト) を読み込めませんでした。{start}{kept} {reason}")
            }
            Said::OtherTabSaved { name, kept: true } => format!(
                "別のタブのプレイグラウンドが、このタブの自動保存コピーを上書きしました。そのプレイグラウンドは\
                 ワークスペース「{name}」として保管しました。このタブのプレイグラウンドは開いたままで、次の変更時に保存されます。"
            ),
            Said::OtherTabSaved { kept: false, .. } => "別のタブのプレイグラウンドが、このタブの自動保存コピーを\
                上書きしましたが、ブラウザーのストレージがいっぱいでワークスペースとして保管できませんでした。\
                このタブのプレイグラウンドは開いたままで、次の変更時に保存されます。"
                .to_string(),
            Said::TextRefused { size } => format!(
                "テキストが {size} あります。DynamoDB が受け付けるリクエストは最大 16 MB (項目は最大 400 KB) \
                 なので、読み込みませんでした。フィールドには以前のテキストが残っています。"
            ),
        }
    }

    fn pm_keyspace(&self, gsi: bool, name: &str) -> String {
        format!("{} {name}", if gsi { "GSI" } else { "テーブル" })
    }

    fn pm_partitions(&self, n: u64) -> String {
        format!(" · パーティション {n} 個")
    }

    fn pm_partition_title(&self, number: u64, items: u64, size: &str) -> String {
        format!("パーティション {number} · 項目 {} 件 · {size}", count(Lang::Ja, items))
    }

    fn pm_collection_title(&self, items: u64, size: &str) -> String {
        format!("項目 {} 件 · {size}", count(Lang::Ja, items))
    }

    fn pm_bucket_title(&self, collections: u64, items: u64, largest: &str) -> String {
        format!(
            "項目コレクション {} 個 · 項目 {} 件 · 最大 {largest}",
            count(Lang::Ja, collections),
            count(Lang::Ja, items)
        )
    }

    fn pm_burst(&self, read: &str, write: &str) -> String {
        format!("バースト: 読み取り {read} · 書き込み {write}")
    }

    fn pm_split(&self, names: &str, _n: u64) -> String {
        format!("分割: {names} が新しいパーティションです。")
    }

    fn pm_band_label(&self, title: &str, partitions: u64, collections: u64) -> String {
        format!("{title}: パーティション {partitions} 個と項目コレクション {collections} 個のキー空間")
    }

    fn pm_warm(&self, read: &str, write: &str, raising: Option<(&str, &str)>) -> String {
        let base = format!("ウォームスループット: 毎秒 読み込み {read}・書き込み {write} まで即時に処理");
        match raising {
            Some((r, w)) => format!("{base}（{r} / {w} へ事前ウォーミング中）"),
            None => base,
        }
    }

    fn pm_teaching_scale(&self, size: &str) -> String {
        let PartitionLimits { size: max_size, .. } = PartitionLimits::in_lang(Lang::Ja);
        format!("教育用スケール: パーティションは {size} を超えると分割されます (DynamoDB: {max_size})。")
    }

    fn pm_real_limit(&self) -> String {
        let PartitionLimits { size: max_size, .. } = PartitionLimits::in_lang(Lang::Ja);
        format!("{max_size} (実際の値)")
    }

    fn pm_back_to_real(&self) -> String {
        let PartitionLimits { size: max_size, .. } = PartitionLimits::in_lang(Lang::Ja);
        format!("{max_size} に戻す")
    }

    fn lab_intro(&self) -> String {
        let PartitionLimits { rcu: max_rcu, wcu: max_wcu, .. } = PartitionLimits::in_lang(Lang::Ja);
        format!("新しいラボ用テーブルで数秒間のトラフィックをシミュレートします (あなたのテーブルには触れません)。テーブルのキャパシティーがいくらあっても、1 パーティションが処理できるのは毎秒最大 {max_wcu} WCU と {max_rcu} RCU です。そのため、ホットキーが 1 つあれば大きなテーブルでもスロットリングが起きます。シャードに分散すればパーティションに分散されます。実行はシード付きで、同じ入力からは同じ結果が得られます。")
    }

    fn rounding(&self, rounding: &Rounding) -> String {
        if let Place::Vector { name } = rounding.place {
            return format!(
                "ベクトルインデックス {name}: エントリー 1 件を書き込み、{} バイトを計測 (書き込みユニットではありません)",
                rounding.bytes
            );
        }
        let place = match rounding.place {
            Place::Table | Place::Vector { .. } => String::new(),
            Place::Fetch { index } => format!("LSI {index} のためにテーブルから取得: "),
            Place::Index { name, global } => {
                format!("インデックス {name} ({}): ", if global { "GSI" } else { "LSI" })
            }
        };
        let n = rounding.count;
        let what = match rounding.place {
            Place::Index { .. } => format!("エントリー {n} 件"),
            _ => format!("項目 {n} 件"),
        };
        let verb = match rounding.verb {
            Verb::Read => "読み取り",
            Verb::Wrote => "書き込み",
            Verb::Put => "追加",
            Verb::Deleted => "削除",
            Verb::Rewrote => "書き換え",
        };
        let factor = match rounding.factor {
            Factor::None => "",
            Factor::Eventual => " × 0.5 (結果整合性のある読み込み)",
            Factor::Strong => " (強力な整合性のある読み込み)",
            Factor::Transaction => " × 2 (トランザクション)",
        };
        format!(
            "{place}{what}を{verb}、{} バイト: {} × {} KB ブロック{factor} = {} {}ユニット",
            rounding.bytes,
            rounding.blocks,
            rounding.block_kb,
            rounding.units,
            if rounding.write { "書き込み" } else { "読み取り" }
        )
    }

    fn form_problem(&self, problem: &FormProblem) -> String {
        match problem {
            FormProblem::LimitNotWhole(text) => {
                format!("Limit には整数を指定してください ({text} は整数ではありません)")
            }
            FormProblem::ParametersNotList => "Parameters には JSON のリストを指定してください".to_string(),
            FormProblem::TopKNotWhole => "TopK には 1 から 100 までの整数を指定してください".to_string(),
            FormProblem::VectorNotList => {
                "SearchVector には [0.1, 0.9] のような数値の JSON リストを指定してください".to_string()
            }
            FormProblem::RequestNotObject => "リクエストは JSON オブジェクトにしてください".to_string(),
        }
    }

    fn stayed_in(&self, form: bool, reason: &str) -> String {
        format!("{}のままです: {reason}", if form { "フォーム" } else { "Raw JSON " })
    }

    fn lab_problem(&self, problem: &LabProblem) -> String {
        match problem {
            LabProblem::Rate => "レートには毎秒のリクエスト数を正の数で指定してください。".to_string(),
            LabProblem::Duration { max } => format!("期間は 1〜{} 秒で指定してください。", count(Lang::Ja, *max)),
            LabProblem::TooManyRequests { requests, max } => format!(
                "リクエストが {} 件になります。ブラウザーで実行できるのは最大 {} 件です。レートか期間を下げてください。",
                count(Lang::Ja, *requests),
                count(Lang::Ja, *max)
            ),
            LabProblem::Capacity { max } => format!(
                "ラボ用テーブルの RCU と WCU は 1〜{} で指定してください (テーブルごとのデフォルトのクォータ)。",
                count(Lang::Ja, *max)
            ),
            LabProblem::ZipfSkew => {
                "Zipf の偏り s には 0 より大きく 10 以下の数を指定してください (通常は 1〜2)。".to_string()
            }
            LabProblem::Engine(message) => message.clone(),
        }
    }

    fn lab_title(&self, title: &LabTitle) -> String {
        match title {
            LabTitle::Before(preset) => format!("適用前: {}", self.text(*preset)),
            LabTitle::After { shards, prefix } => format!(
                "適用後: 同じトラフィックを {shards} 個のシャード {prefix}_0 … {prefix}_{} に分散",
                shards.saturating_sub(1)
            ),
        }
    }

    fn heat_cell(&self, partition: usize, from: usize, to: usize, consumed: &str, throttled: u64) -> String {
        format!("P{partition} · {from}–{to} 秒 · 消費 {consumed} · スロットリング {}", count(Lang::Ja, throttled))
    }

    fn heat_legend_consumed(&self, limit: Option<&str>, unit: &str) -> String {
        match limit {
            Some(limit) => format!("青: 毎秒の消費、0 から {limit} {unit} まで (1 パーティションの上限)"),
            None => format!("青: 毎秒の消費 ({unit})、濃いほど多い"),
        }
    }

    fn heat_share(&self, percent: &str) -> String {
        format!("パーティション上限の {percent}%")
    }

    fn chart_seconds(&self, from: usize, to: usize) -> String {
        format!("{from}–{to} 秒")
    }

    fn per_second(&self, unit: &str) -> String {
        format!("毎秒の {unit}")
    }

    fn timeline_label(&self, done: u32, seconds: u32, peak: &str, unit: &str, throttled: u64) -> String {
        format!(
            "毎秒の消費、プロビジョンド、スロットリング ({seconds} 秒中 {done} 秒): 1 秒の最大消費 {peak} {unit}、スロットリングされたリクエスト {} 件",
            count(Lang::Ja, throttled)
        )
    }

    fn burst_label(&self, partition: usize, start: &str, lowest: &str, end: &str) -> String {
        format!("P{partition} のバーストバケット: 開始時 {start} トークン、最少 {lowest}、終了時 {end}")
    }

    fn heatmap_label(&self, partitions: usize, done: u32, seconds: usize, throttled_cells: usize) -> String {
        format!(
            "ヒートマップ: パーティション {partitions} 個、{seconds} 秒中 {done} 秒、スロットリングのあるセル {throttled_cells} 個"
        )
    }

    fn lab_band_label(&self, partitions: usize) -> String {
        format!("ラボ用テーブルのキー空間 (パーティション {partitions} 個)")
    }

    fn heat_splits(&self, splits: &[(u64, usize)]) -> String {
        let each: Vec<String> = splits.iter().map(|(second, p)| format!("{second} 秒に P{p}")).collect();
        format!("高負荷による分割: {}。エンジンが最もホットなキーを分離しました。", each.join("、"))
    }

    fn cut_note(&self, chars: u64) -> String {
        format!("({} 文字)", count(Lang::Ja, chars))
    }

    fn string_size(&self, chars: u64, bytes: u64) -> String {
        format!("{} 文字、{} バイト", count(Lang::Ja, chars), count(Lang::Ja, bytes))
    }

    fn no_such_view(&self, unknown: &str, known: &str) -> String {
        format!("埋め込めるビュー「{unknown}」はありません。embed= には次のいずれかを指定してください: {known}。")
    }

    fn span(&self, seconds: u64) -> String {
        let s = seconds;
        match s {
            0..=59 => format!("{s} 秒"),
            60..=3599 if s.is_multiple_of(60) => format!("{} 分", s / 60),
            60..=3599 => format!("{} 分 {} 秒", s / 60, s % 60),
            3600..=86_399 => format!("{} 時間 {} 分", s / 3600, s % 3600 / 60),
            _ => format!("{} 日 {} 時間", s / 86_400, s % 86_400 / 3600),
        }
    }

    fn warning(&self, warning: &Warning) -> String {
        match warning {
            Warning::VersionAssumed { stated: Some(version) } => {
                format!("モデルのバージョンは {version} となっていますが、バージョン 3.0 として読み込みました。")
            }
            Warning::VersionAssumed { stated: None } => {
                "モデルに ModelMetadata.Version がないため、バージョン 3.0 として読み込みました。".to_string()
            }
            Warning::ModelMembersKept { members } => {
                format!("エクスポート用に保持し、使用していないモデルのメンバー: {members}。")
            }
            Warning::TableKept { table, unused } => {
                let parts: Vec<String> = unused
                    .iter()
                    .map(|part| match part {
                        Unused::Facets(n) => format!("ファセット {n} 個"),
                        Unused::Member(member) => member.clone(),
                        Unused::AutoScaling => {
                            "Auto Scaling の設定 (プレイグラウンドはキャパシティーをスケーリングしません)".to_string()
                        }
                        Unused::Unknown(members) => members.clone(),
                        Unused::IndexMembers { members, index } => format!("インデックス {index} の {members}"),
                    })
                    .collect();
                format!("テーブル {table}: エクスポート用に保持し、シミュレートしていないもの: {}。", parts.join("、"))
            }
            Warning::Renormalised { table, changed, items } => format!(
                "テーブル {table}: 項目 {} 件中 {} 件は DynamoDB が保存する形で保存されています (数値は最短の形、\
                 例: 0.50 は 0.5。セットはソート順)。エクスポートはその形で書き出します。",
                count(Lang::Ja, *items as u64),
                count(Lang::Ja, *changed as u64)
            ),
            Warning::Mistyped { table, count: n, place, actual, declared } => format!(
                "テーブル {table}: 属性値 {} 個の型が NonKeyAttributes の宣言と異なります ({place} は {actual}、\
                 宣言は {declared})。DynamoDB は各値をそれぞれの型で保存します。",
                count(Lang::Ja, *n as u64)
            ),
            Warning::OnDemandNow { table } => format!(
                "テーブル {table} は現在オンデマンドのため、ProvisionedCapacitySettings (と Auto Scaling) はモデルに\
                 含まれません。"
            ),
            Warning::NoBillingMode { table, version } => format!(
                "テーブル {table}: バージョン {version} のモデルにはキャパシティーモードがないため、プロビジョンド\
                 キャパシティーはモデルに含まれません (インポートするとテーブルはオンデマンドになります)。"
            ),
            Warning::SeveralTypes { table, attribute, types } => format!(
                "テーブル {table}: 属性 {attribute} に複数の型の値があります ({})。Workbench のモデルは型を 1 つだけ\
                 宣言します。",
                types.join(", ")
            ),
            Warning::CannotHold { table, lost } => {
                let parts: Vec<String> = lost
                    .iter()
                    .map(|part| match part {
                        Lost::Lsi(name) => format!("ローカルセカンダリーインデックス {name}"),
                        Lost::Stream(view) => format!("ストリーム ({view})"),
                        Lost::Ttl(attribute) => format!("{attribute} の Time to Live"),
                        Lost::TableClass(class) => format!("テーブルクラス {class}"),
                        Lost::OwnCapacity(index) => format!(
                            "インデックス {index} 独自のキャパシティー (モデルでは GSI はテーブルのキャパシティーを使います)"
                        ),
                        Lost::Tags(n) => format!("タグ {n} 個"),
                        Lost::DeletionProtection => "削除保護".to_string(),
                        Lost::VectorIndex(name) => format!("ベクトルインデックス {name}"),
                        Lost::MoreKeyAttributes { index, attributes } => format!(
                            "インデックス {index} のキー属性 {} (モデルの GSI キーはパーティションキー属性とソートキー属性を\
                             1 つずつしか持てないため、それぞれ最初の属性をエクスポートします)",
                            attributes.join(", ")
                        ),
                    })
                    .collect();
                format!(
                    "テーブル {table}: Workbench のモデルは次のものを保持できないため、エクスポートしていません: {}。",
                    parts.join("、")
                )
            }
            Warning::ItemsNotInTemplate { table, items } => format!(
                "テーブル {table}: 項目 {} 件はテンプレートに含まれません (CloudFormation は空のテーブルを作成\
                 します)。AWS CLI スクリプトが書き込みます。",
                count(Lang::Ja, *items as u64)
            ),
            Warning::NoTables => {
                "シナリオにテーブルがありません。CloudFormation はリソースのないテンプレートを受け付けません。"
                    .to_string()
            }
            Warning::BinaryNeedsCliV2 => {
                "データにバイナリ値があります: スクリプトは AWS CLI v2 で実行してください (v1 では停止します)。"
                    .to_string()
            }
        }
    }

    // ---- long text (hardening) ----

    fn text_cut(&self, bytes: &str) -> String {
        format!("… 残り {bytes} バイトは表示していません。")
    }

    fn code_deferred(&self, bytes: &str) -> String {
        format!("リクエストは {bytes} バイトの JSON で、ここにコードとして表示するには長すぎます。コピーするとそのコードをコピーします。")
    }

    fn throttling_reason(&self, on_index: bool, access: Access, limit: LimitType) -> String {
        let what = match access {
            Access::Read => "読み込み",
            Access::Write => "書き込み",
        };
        let on = if on_index { "インデックス" } else { "テーブル" };
        let limit = match limit {
            LimitType::KeyRangeThroughputExceeded => "パーティションの毎秒上限（ホットなキー範囲）",
            LimitType::ProvisionedThroughputExceeded => "プロビジョンドキャパシティ",
            LimitType::AccountLimitExceeded => "テーブルごとのアカウントクォータ",
            LimitType::MaxOnDemandThroughputExceeded => "オンデマンドの最大スループット",
        };
        format!("{on}の{what}が{limit}を超えました")
    }

    fn throttled_for(&self, requests: u64, reason: &str) -> String {
        format!("スロットリング {} 件: {reason}", count(Lang::Ja, requests))
    }
}

/// Said when the browser has no `localStorage`.
const NO_STORAGE: &str = "このブラウザーにはローカルストレージがありません";

/// After a failure that left everything as it was.
const UNCHANGED: &str = "何も変更していません。プレイグラウンドは元のままです。";

/// "シナリオ (12 KB) を保存できませんでした: <the browser's words>".
fn storage_failure(failure: &StorageFailure, what: &str) -> String {
    match failure {
        StorageFailure::NoStorage => NO_STORAGE.to_string(),
        StorageFailure::Refused { kb, message } => format!(
            "{what} ({kb} KB) を保存できませんでした: {}",
            message.as_deref().unwrap_or("ブラウザーに拒否されました")
        ),
    }
}

/// Why a fetched file did not arrive.
pub(super) fn fetch_failure(reason: &FetchFailure) -> String {
    match reason {
        FetchFailure::NoWindow => "ウィンドウがありません".to_string(),
        FetchFailure::Network => "ネットワークリクエストに失敗しました".to_string(),
        FetchFailure::NoResponse => "レスポンスがありません".to_string(),
        FetchFailure::Http(status) => format!("HTTP {status}"),
        FetchFailure::NoBody => "本文がありません".to_string(),
        FetchFailure::BodyLost => "本文が届きませんでした".to_string(),
        FetchFailure::NotText => "本文がテキストではありません".to_string(),
        FetchFailure::TimedOut(seconds) => format!("{seconds} 秒経っても届かなかったため、リクエストを中止しました"),
    }
}
