//! 日本語, in the words of the Japanese lecture notes (seeds `003`, `004`):
//! 項目, 属性, パーティションキー, ソートキー, グローバルセカンダリーインデックス,
//! 射影, 非キー属性, 強力な整合性のある読み込み, 読み取り/書き込みキャパシティーユニット.
//! Polite style (です・ます) in sentences, plain noun phrases in labels;
//! counts with their counter words (項目 3 件); figures as in English.

use super::catalogue::{Catalogue, Msg};
use super::lang::Lang;
use super::numbers::count;

/// The Japanese catalogue.
pub struct Japanese;

impl Catalogue for Japanese {
    fn text(&self, msg: Msg) -> &'static str {
        match msg {
            // shared
            Msg::PartitionKey => "パーティションキー",
            Msg::SortKey => "ソートキー",
            Msg::KeyType => "型",
            Msg::Optional => "省略可",
            Msg::OnDemand => "オンデマンド",
            Msg::Provisioned => "プロビジョンド",
            Msg::Request => "リクエスト",
            Msg::Response => "レスポンス",
            Msg::ErrorResponse => "エラーレスポンス (HTTP 400)",
            Msg::Cancel => "キャンセル",
            Msg::LanguageLabel => "言語",
            // activity log
            Msg::ActivityTitle => "アクティビティ",
            Msg::ActivityClear => "クリア",
            Msg::ActivityEmpty => "すべてのリクエストが新しい順にここに表示され、消費したキャパシティーも示されます。",
            // log entry
            Msg::NotSent => "未送信: エディターのテキストが項目ではないため、リクエストを作成できませんでした。",
            Msg::RequestAndResponse => "リクエストとレスポンス",
            // table list
            Msg::TablesTitle => "テーブル",
            Msg::NoTables => "テーブルはまだありません。",
            Msg::DeleteAsk => "削除…",
            Msg::Keep => "残す",
            // create table
            Msg::CreateTableTitle => "テーブルの作成",
            Msg::TableName => "テーブル名",
            Msg::CapacityMode => "キャパシティーモード",
            Msg::ReadRcu => "読み取り (RCU)",
            Msg::WriteWcu => "書き込み (WCU)",
            Msg::SecondaryIndexes => "セカンダリーインデックス",
            Msg::AddGsiTitle => "グローバルセカンダリーインデックス: 独自のパーティションキーと独自のキャパシティーを持つ",
            Msg::AddLsiTitle => {
                "ローカルセカンダリーインデックス: テーブルと同じパーティションキーに別のソートキー。CreateTable でのみ作成可能"
            }
            Msg::CreateTableSubmit => "テーブルを作成",
            // index form
            Msg::TypeString => "文字列",
            Msg::TypeNumber => "数値",
            Msg::TypeBinary => "バイナリ",
            Msg::ProjectionAll => "ALL · すべての属性",
            Msg::ProjectionKeysOnly => "KEYS_ONLY · キーのみ",
            Msg::ProjectionInclude => "INCLUDE · キー + 指定した属性",
            Msg::Remove => "削除",
            Msg::IndexName => "インデックス名",
            Msg::AlternateSortKey => "代替ソートキー",
            Msg::Projection => "射影",
            Msg::NonKeyAttributes => "非キー属性",
            Msg::IndexRcu => "インデックスの RCU",
            Msg::IndexWcu => "インデックスの WCU",
            Msg::CopiesTitle => "各インデックスエントリーの内容: インデックスのキー、テーブルのキー、射影された属性",
            Msg::CopiesLabel => "コピー内容",
            Msg::ChipTableKey => "テーブルキー",
            Msg::ChipEveryOther => "その他すべての属性",
            Msg::ChipListToInclude => "(含める属性を指定)",
            Msg::ChipNothingElse => "それ以外なし",
            // index panel
            Msg::AddGsi => "+ GSI を追加",
            Msg::NoIndexes => {
                "インデックスはまだありません。GSI を使うと別のキーでクエリできます。DynamoDB はテーブルにすでにある項目から GSI を構築します (バックフィル)。"
            }
            Msg::DeleteGsi => "GSI を削除",
            Msg::DeleteGsiTitle => "GlobalSecondaryIndexUpdates に Delete を指定した UpdateTable",
            Msg::CreateGsi => "GSI を作成 (UpdateTable)",
            Msg::PropagationDelay => "GSI への伝播遅延 (ms)",
            Msg::PropagationDelayTitle => {
                "書き込みがグローバルセカンダリーインデックスに届くまでの時間です。大きくすると、GSI が古い結果を返す様子を観察できます。"
            }
            Msg::SkipTitle => "すべてのバックフィルと保留中のインデックス更新が終わるまで時計を進めます",
            Msg::NothingPending => "保留中の処理なし",
            // index grid
            Msg::ProjectedAll => "ALL: すべての属性をコピー",
            Msg::ProjectedKeysOnly => "KEYS_ONLY: キーのみをコピー",
            Msg::IndexEmpty => "エントリーなし: インデックスのキー属性を持つ項目がありません (インデックスはスパースです)。",
            Msg::IndexPartitionKeyTitle => "インデックスのパーティションキー",
            Msg::IndexSortKeyTitle => "インデックスのソートキー",
            Msg::EntityType => "エンティティータイプ",
            Msg::EntityTypeTitle => "エンティティータイプ: type 属性、なければテーブルキーの # より前の部分",
            Msg::BaseKeyTitle => "ベーステーブルのキー属性。すべてのエントリーにコピーされます",
            Msg::Pending => "保留中",
            Msg::PendingEntryTitle => {
                "テーブルには書き込まれましたが、このグローバルセカンダリーインデックスにはまだ伝播していません。インデックスへの Query にはまだ現れません"
            }
            Msg::Overloaded => "オーバーロード",
            Msg::OverloadedTitle => {
                "異なるエンティティータイプのエントリーがこのインデックスパーティションを共有しています。インデックスはオーバーロードされています"
            }
            // item editor
            Msg::ItemEditorTitle => "項目エディター",
            // Japanese keyboards print "Ctrl".
            Msg::KeyCtrl => "Ctrl",
            Msg::ItemAsJson => "JSON 形式の項目",
            Msg::ConsistentRead => "強力な整合性のある読み込み",
            Msg::LoadIntoEditor => "エディターに読み込む",
            Msg::SampleText => "テキスト",
            Msg::SampleAnyValue => "任意の値",
            Msg::SampleOtherAttributes => "その他の属性",
            // item grid
            Msg::NoItems => "項目はまだありません。項目エディターで書いて PutItem を押してください。",
            Msg::PartitionKeyHash => "パーティションキー (HASH)",
            Msg::SortKeyRange => "ソートキー (RANGE)",
            Msg::KeyspaceTitle => {
                "このパーティションキーのハッシュがキー空間のどこにあるか (先頭 24 ビット)。項目コレクションはキー空間の順、つまり Scan が返す順に並びます。"
            }
            Msg::LoadRowTitle => "クリックすると、この項目をエディターに読み込みます",
            // key picker
            Msg::Key => "キー",
            Msg::ChooseTableForKey => "キーを指定するには、既存のテーブルを選んでください。",
            Msg::ExampleText => "テキスト",
            Msg::ExampleNumber => "数値",
            Msg::ExampleBinary => "Base64 (例: 3q2+7w==)",
            // results
            Msg::ResultsTitle => "結果",
            Msg::ResultsEmpty => "リクエストを実行すると、返ってくる内容とそのコストが表示されます。",
            Msg::NextPage => "次のページ",
            Msg::AllRemainingPages => "残りのすべてのページ",
            Msg::WriteDone => "完了しました。ReturnValues で指定しない限り、何も返りません。",
            Msg::SelectCountOnly => "Select COUNT: 件数だけが返ります。",
            Msg::NoItemsBack => "項目は返りませんでした。",
            Msg::RequestAndResponseJson => "リクエストとレスポンス (JSON)",
            Msg::LastPageJson => "最後のページのリクエストとレスポンス (JSON)",
            // code view
            Msg::CodeTitle => "コード",
            Msg::CodeTabsLabel => "プログラミング言語",
            Msg::CodeCopy => "コピー",
            Msg::CodeCopied => "コピーしました",
            Msg::CodeCopyRefused => "ブラウザーが拒否しました。テキストを選択してコピーしてください",
            // history
            Msg::HistoryTitle => "履歴",
            Msg::HistoryClear => "履歴と合計をクリア",
            Msg::HistoryEmpty => {
                "実行したリクエストはすべて、消費量とともにここに表示されます。ワンクリックで再実行できます。"
            }
            Msg::TotalsCaption => "テーブルごとの累計",
            Msg::ColTable => "テーブル",
            Msg::ColRequests => "リクエスト",
            Msg::ColRead => "読み取り",
            Msg::ColWrite => "書き込み",
            Msg::ColOnDemand => "オンデマンド",
            Msg::AllTables => "全テーブル",
            Msg::HistoryEdit => "編集",
            Msg::HistoryEditTitle => "ビルダーに読み込んで変更します",
            Msg::HistoryRerun => "再実行",
            Msg::HistoryRerunTitle => "同じリクエストをもう一度送信します",
            Msg::PmTitle => "パーティションマップ",
            Msg::PmNoTable => "テーブルを作成または選択すると、そのキー空間がパーティションに分かれる様子が表示されます。",
            Msg::PmHint => {
                "各パーティションはパーティションキーのハッシュの連続した範囲を受け持ちます。項目コレクション \
                 (同じパーティションキーを持つすべての項目) はそのハッシュの位置にあり、ちょうど 1 つのパーティションに\
                 属します。各パーティションはテーブルのキャパシティーを均等に分け合い、使われなかったキャパシティーを\
                 最大 300 秒分バーストとして保持します。"
            }
            Msg::PmSizeLimit => "パーティションサイズの上限 (KB)",
            Msg::PmRealLimit => "10 GB (実際の値)",
            Msg::PmSetScale => "教育用スケールを設定",
            Msg::PmBackToReal => "10 GB に戻す",
            Msg::PmHashZero => "ハッシュ 0",
        }
    }

    fn example(&self, sample: &str) -> String {
        format!("例: {sample}")
    }

    fn keyspace(&self, position: &str) -> String {
        format!("キー空間 {position}")
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

    fn entries(&self, n: u64) -> String {
        format!("エントリー {n} 件")
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

    fn pm_teaching_scale(&self, size: &str) -> String {
        format!("教育用スケール: パーティションは {size} を超えると分割されます (DynamoDB: 10 GB)。")
    }
}
