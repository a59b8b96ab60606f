//! English, German and Japanese: every converted view switches language and the choice is remembered.

use crate::dom::*;
use std::time::Duration;
use wasm_bindgen_test::*;

// ---- languages ----

/// `<html lang>`.
fn document_lang() -> String {
    let root = web_sys::window().unwrap().document().unwrap().document_element().unwrap();
    root.get_attribute("lang").unwrap_or_default()
}

fn remembered_language() -> Option<String> {
    storage().get_item(ddb_playground::ui::language::LANGUAGE_KEY).unwrap()
}

/// Checks every view the test visits against `expected`.
async fn check_words(page: &Page, lang: &str, expected: &Expected) {
    assert_eq!(document_lang(), lang);
    assert_eq!(page.value("#lang-select"), lang);
    page.click("#tab-items").await;
    assert_eq!(page.text("#tables-title"), expected.tables);
    assert_eq!(page.text("#create-table-title"), expected.create);
    assert_eq!(page.attribute("#ct-name", "placeholder"), expected.name_placeholder);
    assert_eq!(page.text("#ct-pk-type option[value=S]"), expected.string_type);
    let entry = page.text(".table-entry.selected");
    assert!(entry.contains(expected.contents) && entry.contains(expected.capacity), "{lang}: {entry}");
    assert!(page.text("#editor-title").starts_with(expected.editor), "{lang}");
    assert_eq!(page.attribute("table.items th.key.pk", "title"), expected.pk_title);
    assert_eq!(page.text("#indexes-title"), expected.indexes);
    assert_eq!(page.text("#log-title"), expected.activity);

    page.click("#tab-console").await;
    assert!(page.text("#results-title").starts_with(expected.results), "{lang}");
    let facts = page.text("#results-facts");
    assert!(facts.contains("Count 1") && facts.contains("ScannedCount 1"), "{lang}: {facts}");
    assert!(facts.contains(expected.consumed) && facts.contains(expected.price), "{lang}: {facts}");
    assert_eq!(page.text("#history-title"), expected.history);
    let totals = page.text("#history-totals");
    assert!(totals.contains(expected.read_total) && totals.contains("2 WCU"), "{lang}: {totals}");
    assert_eq!(page.text("#history-total-price"), expected.total_price);
    assert_eq!(page.text("#history-list > li:first-child button.rerun"), expected.rerun);
    assert_eq!(page.text("#code-copy"), expected.copy);
    page.click("#tab-items").await;
}

// A Query of the one song reads 1 block of 4 KB, eventually consistent:
// 0.5 RCU, $0.125 × 0.5 / 10^6 = $0.0000000625. With the PutItem's 2 WCU
// (1,234 bytes → 2 blocks of 1 KB), the totals cost
// (0.5 × 0.125 + 2 × 0.625) / 10^6 = $0.0000013125, shown to three
// significant digits: $0.00000131.
const ENGLISH: Expected = Expected {
    tables: "Tables",
    create: "Create a table",
    name_placeholder: "e.g. Music",
    string_type: "S · String",
    contents: "1 item · 1,234 bytes",
    capacity: "Provisioned · 5 RCU / 5 WCU",
    editor: "Item editor",
    pk_title: "Partition key (HASH)",
    indexes: "Secondary indexes of Music",
    activity: "Activity",
    results: "Results",
    consumed: "consumed 0.5 RCU",
    price: "$0.0000000625 on demand",
    history: "History",
    read_total: "0.5 RCU",
    total_price: "$0.00000131",
    rerun: "Re-run",
    copy: "Copy",
};

const GERMAN: Expected = Expected {
    tables: "Tabellen",
    create: "Neue Tabelle",
    name_placeholder: "z. B. Music",
    string_type: "S · String",
    contents: "1 Item · 1.234 Bytes",
    capacity: "Provisioniert · 5 RCU / 5 WCU",
    editor: "Item-Editor",
    pk_title: "Partition Key (HASH)",
    indexes: "Sekundärindizes von Music",
    activity: "Aktivität",
    results: "Ergebnisse",
    consumed: "verbraucht 0,5 RCU",
    price: "0,0000000625 $ bei On-Demand",
    history: "Verlauf",
    read_total: "0,5 RCU",
    total_price: "0,00000131 $",
    rerun: "Erneut ausführen",
    copy: "Kopieren",
};

const JAPANESE: Expected = Expected {
    tables: "テーブル",
    create: "テーブルの作成",
    name_placeholder: "例: Music",
    string_type: "S · 文字列",
    contents: "項目 1 件 · 1,234 バイト",
    capacity: "プロビジョンド · 5 RCU / 5 WCU",
    editor: "項目エディター",
    pk_title: "パーティションキー (HASH)",
    indexes: "Music のセカンダリーインデックス",
    activity: "アクティビティ",
    results: "結果",
    consumed: "消費 0.5 RCU",
    price: "オンデマンドで $0.0000000625",
    history: "履歴",
    read_total: "0.5 RCU",
    total_price: "$0.00000131",
    rerun: "再実行",
    copy: "コピー",
};

#[wasm_bindgen_test]
async fn languages_switch_the_converted_views_and_are_remembered() {
    // mount() forgets any chosen language (as every test's start does), so
    // a test that fails half-way here leaves no language behind either.
    let page = mount().await;
    page.create_table("Music", ("Artist", "S"), Some(("SongTitle", "S"))).await;
    let lyrics = "a".repeat(1200);
    page.put(&format!(r#"{{"Artist": "Acme", "SongTitle": "Happy Day", "Lyrics": "{lyrics}"}}"#)).await;
    page.click("#tab-console").await;
    page.type_text("#c0-pk-value", "Acme").await;
    page.click("#c0-run").await;
    check_words(&page, "en", &ENGLISH).await;
    assert_eq!(remembered_language(), None, "nothing is remembered before a choice");

    // German: every converted view, figures the German way, the choice kept.
    page.choose("#lang-select", "de").await;
    check_words(&page, "de", &GERMAN).await;
    assert_eq!(remembered_language().as_deref(), Some("de"));
    // The activity log's entries (drawn once, then only compared by
    // pointer) follow too, and the item editor's Ctrl key is Strg.
    assert!(page.text("#activity-log > li:first-child summary").contains("Anfrage und Antwort"));
    assert!(page.text("#editor-title ~ .hint").contains("Strg"));

    // Japanese.
    page.choose("#lang-select", "ja").await;
    check_words(&page, "ja", &JAPANESE).await;
    assert_eq!(remembered_language().as_deref(), Some("ja"));

    // A reload (after the autosave) keeps the language.
    yew::platform::time::sleep(Duration::from_millis(800)).await;
    drop(page);
    let page = mount_as_is().await;
    assert_eq!(document_lang(), "ja");
    assert_eq!(page.value("#lang-select"), "ja");
    assert_eq!(page.text("#tables-title"), JAPANESE.tables);
    assert_eq!(page.text("#indexes-title"), JAPANESE.indexes);
    let entry = page.text(".table-entry.selected");
    assert!(entry.contains(JAPANESE.contents), "{entry}");
    page.click("#tab-console").await;
    assert_eq!(page.text("#results-title"), JAPANESE.results);
    assert!(page.text("#results").contains("リクエストを実行すると"), "the empty results, in Japanese");

    // And back to English: the page reads as it did before any switch.
    page.choose("#lang-select", "en").await;
    assert_eq!(remembered_language().as_deref(), Some("en"));
    assert_eq!(document_lang(), "en");
    assert!(page.text("#results").contains("Run a request to see what comes back"));
    page.click("#tab-items").await;
    assert_eq!(page.text("#tables-title"), ENGLISH.tables);
    assert_eq!(page.text("#create-table-title"), ENGLISH.create);
    assert_eq!(page.attribute("#ct-name", "placeholder"), ENGLISH.name_placeholder);
    assert!(page.text(".table-entry.selected").contains(ENGLISH.contents));
    assert_eq!(page.text("#indexes-title"), ENGLISH.indexes);
    assert!(page.text("#editor-title ~ .hint").contains("Ctrl"));
    drop(page);
    forget_everything();
}

/// The words of the views converted in phase 2, in one language, on the
/// Music song of 1,234 bytes after typing its key into the console's Query.
struct ConsoleWords {
    lang: &'static str,
    console_tab: &'static str,
    run: &'static str,
    form: &'static str,
    key_picker: &'static str,
    cost_title: &'static str,
    figure: &'static str,
    price: &'static str,
    read_line: &'static str,
    partitions_tab: &'static str,
    lab: &'static str,
    run_workload: &'static str,
    planners: &'static str,
    partition_math: &'static str,
    lessons: &'static str,
    step_count: &'static str,
    next: &'static str,
    close: &'static str,
}

// The Query reads the one song (1,234 bytes, one 4 KB block, eventually
// consistent): 0.5 RCU; $0.125 × 0.5 / 10^6 = $0.0000000625, and a million
// such requests $0.0625.
const CONSOLE_ENGLISH: ConsoleWords = ConsoleWords {
    lang: "en",
    console_tab: "Query console",
    run: "Run Query",
    form: "Form",
    key_picker: "Key picker",
    cost_title: "Live cost · dry run, nothing changes",
    figure: "0.5 RCU",
    price: "$0.0000000625 on demand · $0.0625 per million such requests",
    read_line: "Read 1 item (1,234 bytes) and returned 1 item: 0.5 RCU.",
    partitions_tab: "Partitions",
    lab: "Hot-key lab",
    run_workload: "Run workload",
    planners: "Planners",
    partition_math: "Partition math",
    lessons: "Lessons",
    step_count: "Step 1 of 6",
    next: "Next →",
    close: "Close lesson",
};

const CONSOLE_GERMAN: ConsoleWords = ConsoleWords {
    lang: "de",
    console_tab: "Abfragekonsole",
    run: "Query ausführen",
    form: "Formular",
    key_picker: "Schlüsselauswahl",
    cost_title: "Live-Kosten · Probelauf, nichts ändert sich",
    figure: "0,5 RCU",
    price: "0,0000000625 $ bei On-Demand · 0,0625 $ pro Million solcher Anfragen",
    read_line: "1 Item gelesen (1.234 Bytes) und 1 Item zurückgegeben: 0,5 RCU.",
    partitions_tab: "Partitionen",
    lab: "Hot-Key-Labor",
    run_workload: "Workload ausführen",
    planners: "Planer",
    partition_math: "Partitionsrechnung",
    lessons: "Lektionen",
    step_count: "Schritt 1 von 6",
    next: "Weiter →",
    close: "Lektion schließen",
};

const CONSOLE_JAPANESE: ConsoleWords = ConsoleWords {
    lang: "ja",
    console_tab: "クエリコンソール",
    run: "Query を実行",
    form: "フォーム",
    key_picker: "キーの選択",
    cost_title: "ライブコスト · ドライラン、何も変わりません",
    figure: "0.5 RCU",
    price: "オンデマンドで $0.0000000625 · このリクエスト 100 万回で $0.0625",
    read_line: "項目 1 件を読み取り (1,234 バイト)、項目 1 件を返しました: 0.5 RCU。",
    partitions_tab: "パーティション",
    lab: "ホットキーラボ",
    run_workload: "ワークロードを実行",
    planners: "プランナー",
    partition_math: "パーティション数の計算",
    lessons: "レッスン",
    step_count: "ステップ 1 / 6",
    next: "次へ →",
    close: "レッスンを閉じる",
};

async fn check_console_words(page: &Page, expected: &ConsoleWords) {
    let lang = expected.lang;
    assert_eq!(document_lang(), lang);
    // The lesson's chrome, and its own words (`lessons.rs` checks them).
    assert_eq!(page.text("#btn-lessons"), expected.lessons, "{lang}");
    assert_eq!(page.text("#lesson-title"), crate::lessons::game_scores_title(lang), "{lang}");
    assert_eq!(page.text("#lesson-step-count"), expected.step_count, "{lang}");
    assert_eq!(page.text("#lesson-next"), expected.next, "{lang}");
    assert_eq!(page.text("#lesson-close"), expected.close, "{lang}");
    // The console's builder and its live cost.
    assert_eq!(page.text("#tab-console"), expected.console_tab, "{lang}");
    page.click("#tab-console").await;
    assert_eq!(page.text("#c0-run"), expected.run, "{lang}");
    assert_eq!(page.text("#c0-mode-form"), expected.form, "{lang}");
    assert_eq!(page.text("#c0-kc-picker"), expected.key_picker, "{lang}");
    assert_eq!(page.text("#c0-cost h3"), expected.cost_title, "{lang}");
    assert_eq!(page.text("#c0-cost-figure"), expected.figure, "{lang}");
    assert_eq!(page.text("#strip-a"), expected.figure, "{lang}");
    assert_eq!(page.text("#c0-cost-price"), expected.price, "{lang}");
    let lines = page.text("#c0-cost-lines");
    assert!(lines.contains(expected.read_line), "{lang}: {lines}");
    // The Partitions tab's headings.
    assert_eq!(page.text("#tab-partitions"), expected.partitions_tab, "{lang}");
    page.click("#tab-partitions").await;
    assert_eq!(page.text("#hotkey-lab h2"), expected.lab, "{lang}");
    assert_eq!(page.text("#lab-run"), expected.run_workload, "{lang}");
    assert_eq!(page.text("#planners h2"), expected.planners, "{lang}");
    assert_eq!(page.text("#planners h3"), expected.partition_math, "{lang}");
    page.click("#tab-items").await;
}

#[wasm_bindgen_test]
async fn languages_switch_the_console_cost_partitions_tab_and_lesson_chrome() {
    crate::lessons::provide_game_scores_translations();
    let page = open_lesson_link("lesson=game-scores").await;
    page.create_table("Music", ("Artist", "S"), Some(("SongTitle", "S"))).await;
    let lyrics = "a".repeat(1200);
    page.put(&format!(r#"{{"Artist": "Acme", "SongTitle": "Happy Day", "Lyrics": "{lyrics}"}}"#)).await;
    page.click("#tab-console").await;
    page.type_text("#c0-pk-value", "Acme").await;
    page.click("#tab-items").await;
    check_console_words(&page, &CONSOLE_ENGLISH).await;

    page.choose("#lang-select", "de").await;
    check_console_words(&page, &CONSOLE_GERMAN).await;
    page.choose("#lang-select", "ja").await;
    check_console_words(&page, &CONSOLE_JAPANESE).await;
    // And back: English exactly as before the switch.
    page.choose("#lang-select", "en").await;
    check_console_words(&page, &CONSOLE_ENGLISH).await;
    drop(page);
    forget_lessons();
    forget_everything();
}

// ---- the hot-key lab, console forms and notices ----

/// The hot-key lab's validation messages, run titles and chart labels in
/// German and Japanese; a problem on screen is reworded by a switch.
#[wasm_bindgen_test]

async fn hot_key_lab_speaks_german_and_japanese() {
    let page = console_with_music().await;
    page.choose("#lang-select", "de").await;
    page.click("#tab-partitions").await;

    // 1,500 votes/s × 3,000 s = 4,500,000 requests, above the 2,000,000 the lab runs.
    page.type_into("#lab-seconds", "3000").await;
    page.click("#lab-run").await;
    assert_eq!(
        page.text("#lab-error"),
        "Das sind 4.500.000 Anfragen; das Labor führt im Browser höchstens 2.000.000 aus. Senke die Rate oder die \
         Dauer."
    );
    page.choose("#lang-select", "ja").await;
    assert_eq!(
        page.text("#lab-error"),
        "リクエストが 4,500,000 件になります。ブラウザーで実行できるのは最大 2,000,000 件です。レートか期間を下げてください。"
    );

    // A short run and its write-sharded version, titled in Japanese.
    page.type_into("#lab-seconds", "5").await;
    page.choose("#lab-speed", "max").await;
    page.click("#lab-run").await;
    wait_until("the run's five seconds", || page.attribute("#lab-before-heatmap", "data-seconds") == "5").await;
    assert!(!page.exists("#lab-error"));
    assert_eq!(page.text("#lab-before h3"), "適用前: 投票: CandidateA に毎秒 1,500 票 (シード 001)");
    // The lab table starts with ceil(10,000 RCU / 3,000 + 10,000 WCU / 1,000)
    // = ceil(13.3) = 14 partitions.
    assert_eq!(page.attribute("#lab-before-keyspace", "data-partitions"), "14");
    let heatmap = page.attribute("#lab-before-heatmap", "aria-label");
    assert!(heatmap.starts_with("ヒートマップ: パーティション 14 個、5 秒中 5 秒"), "{heatmap}");
    assert_eq!(page.attribute("#lab-before-keyspace", "aria-label"), "ラボ用テーブルのキー空間 (パーティション 14 個)");
    page.click("#lab-shard").await;
    wait_until("the sharded run", || page.exists("#lab-after-heatmap")).await;
    wait_until("the sharded run's five seconds", || page.attribute("#lab-after-heatmap", "data-seconds") == "5").await;
    assert_eq!(
        page.text("#lab-after h3"),
        "適用後: 同じトラフィックを 10 個のシャード CandidateA_0 … CandidateA_9 に分散"
    );

    // The same runs, reworded in German, figures the German way.
    page.choose("#lang-select", "de").await;
    assert_eq!(page.text("#lab-before h3"), "Vorher: Voting: 1.500 Stimmen/s für CandidateA (Seed 001)");
    assert_eq!(
        page.text("#lab-after h3"),
        "Nachher: derselbe Traffic auf 10 Shards CandidateA_0 … CandidateA_9 verteilt"
    );
    assert_eq!(page.attribute("#lab-after", "aria-label"), page.text("#lab-after h3"));
    // The hot partition's first cell: 1,000 WCU consumed, 500 votes throttled.
    let cell = page.text("#lab-before-heatmap rect.heat-cell.throttled title");
    assert!(cell.contains(" · s 0–1 · verbraucht 1.000 · gedrosselt 500"), "{cell}");
    let heatmap = page.attribute("#lab-before-heatmap", "aria-label");
    assert!(heatmap.starts_with("Heatmap: 14 Partitionen, 5 von 5 Sekunden"), "{heatmap}");

    // The Zipf preset's own check.
    page.choose("#lab-preset", "zipf").await;
    page.type_into("#lab-zipf", "-1").await;
    page.click("#lab-run").await;
    assert_eq!(
        page.text("#lab-error"),
        "Die Zipf-Schiefe s muss eine Zahl über 0 sein (typisch sind 1 bis 2), höchstens 10."
    );
}

/// The console form's own parse errors, its field labels and the "stayed
/// in … mode" notice in German and Japanese, with DynamoDB's exception
/// names as they are; the live cost's rounding lines and the hover type
/// names follow too.
#[wasm_bindgen_test]
async fn console_form_errors_speak_german_and_japanese() {
    let page = console_with_music().await;
    page.choose("#lang-select", "de").await;
    page.choose("#c0-op", "Scan").await;
    page.type_text("#c0-limit", "zehn").await;
    let blocked = page.text("#c0-cost .cost-blocked");
    assert!(
        blocked.contains("ValidationException")
            && blocked.ends_with("in Limit: Limit muss eine ganze Zahl sein, nicht zehn"),
        "{blocked}"
    );
    page.click("#c0-mode-raw").await;
    assert_eq!(
        page.text("#c0-notice"),
        "Im Formular geblieben: Limit: ValidationException: Limit muss eine ganze Zahl sein, nicht zehn"
    );

    // Raw JSON that is not an object cannot become the form.
    page.type_text("#c0-limit", "").await;
    page.click("#c0-mode-raw").await;
    page.type_text("#c0-raw", "[1, 2]").await;
    page.click("#c0-mode-form").await;
    assert_eq!(
        page.text("#c0-notice"),
        "Bei Roh-JSON geblieben: Anfrage-JSON: SerializationException: Die Anfrage muss ein JSON-Objekt sein"
    );
    page.choose("#lang-select", "ja").await;
    assert_eq!(
        page.text("#c0-notice"),
        "Raw JSON のままです: リクエスト JSON: SerializationException: リクエストは JSON オブジェクトにしてください"
    );
    page.choose("#lang-select", "en").await;
    assert_eq!(
        page.text("#c0-notice"),
        "Stayed in raw mode: Request JSON: SerializationException: The request must be a JSON object"
    );

    // The live cost's arithmetic: a Scan of the 7 songs reads one page,
    // rounded once (eventually consistent: × 0.5).
    page.choose("#lang-select", "ja").await;
    page.type_text("#c0-raw", r#"{"TableName": "Music"}"#).await;
    page.click("#c0-mode-form").await;
    let arithmetic = page.text("#c0-cost .cost-arithmetic");
    assert!(arithmetic.starts_with("項目 7 件を読み取り、") && arithmetic.contains("読み取りユニット"), "{arithmetic}");
    page.choose("#lang-select", "de").await;
    let arithmetic = page.text("#c0-cost .cost-arithmetic");
    assert!(arithmetic.starts_with("7 Items gelesen, ") && arithmetic.contains("Leseeinheiten"), "{arithmetic}");

    // Hover texts name the type in the page's language.
    page.click("#tab-items").await;
    assert!(page.attribute("table.items td.v-n", "title").starts_with("N (Zahl) · "));
    page.choose("#lang-select", "ja").await;
    assert!(page.attribute("table.items td.v-n", "title").starts_with("N (数値) · "));
}

/// An export's warnings and a refused file, in German and Japanese: the
/// frame sentence translated, the reader's own message passed on.
#[wasm_bindgen_test]
async fn notices_and_warnings_speak_german_and_japanese() {
    let page = music_with_two_songs().await;
    page.choose("#lang-select", "de").await;
    export_as(&page, "#btn-export-cloudformation").await;
    assert!(page
        .text("#scenario-notice .notice-text")
        .ends_with("-cloudformation.json exportiert. Nicht in der Datei:"));
    assert_eq!(
        notice_details(&page),
        ["Tabelle Music: Ihre 2 Items sind nicht Teil der Vorlage (CloudFormation erzeugt leere Tabellen); das \
          AWS-CLI-Skript schreibt sie."]
    );
    page.choose("#lang-select", "ja").await;
    assert_eq!(
        notice_details(&page),
        ["テーブル Music: 項目 2 件はテンプレートに含まれません (CloudFormation は空のテーブルを作成します)。AWS CLI \
          スクリプトが書き込みます。"]
    );

    // A file that is no document: the reader's message as it is, around it Japanese.
    choose_file(&page, "broken.json", "{").await;
    let notice = page.text("#scenario-notice .notice-text");
    assert!(notice.starts_with("broken.json をインポートできませんでした: "), "{notice}");
    assert!(notice.ends_with(" 何も変更していません。プレイグラウンドは元のままです。"), "{notice}");
    page.choose("#lang-select", "en").await;
    let notice = page.text("#scenario-notice .notice-text");
    assert!(
        notice.starts_with("broken.json: ") && notice.ends_with(" Nothing was changed: the playground is as it was.")
    );
    assert!(page.text(".table-entry.selected").contains("Music"), "the playground is as it was");
    drop(page);
    forget_everything();
}

/// The export menu names its formats in the page's language.
#[wasm_bindgen_test]
async fn export_menu_speaks_german_and_japanese() {
    let page = music_with_two_songs().await;
    let labels = |page: &Page| -> Vec<String> {
        page.find_all(".export-menu-item").iter().map(|b| b.text_content().unwrap_or_default()).collect()
    };
    page.choose("#lang-select", "de").await;
    assert_eq!(
        labels(&page),
        [
            "Szenariodatei",
            "NoSQL-Workbench-Modell",
            "NoSQL-Workbench-Modell (1.0)",
            "CloudFormation-Vorlage",
            "AWS-CLI-Skript",
            "An einen DynamoDB-Endpoint…"
        ]
    );
    page.choose("#lang-select", "ja").await;
    assert_eq!(
        labels(&page),
        [
            "シナリオファイル",
            "NoSQL Workbench モデル",
            "NoSQL Workbench モデル (1.0)",
            "CloudFormation テンプレート",
            "AWS CLI スクリプト",
            "DynamoDB エンドポイントへ…"
        ]
    );
    drop(page);
    forget_everything();
}

/// A table's provisioned capacity in the table list is grouped like every
/// other figure: 10,000 in English, 10.000 in German.
#[wasm_bindgen_test]
async fn table_list_groups_large_capacity() {
    let page = mount().await;
    page.type_into("#ct-rcu", "10000").await;
    page.type_into("#ct-wcu", "40000").await;
    page.create_table("Votes", ("Candidate", "S"), None).await;
    let entry = page.text(".table-entry.selected");
    assert!(entry.contains("Provisioned · 10,000 RCU / 40,000 WCU"), "{entry}");
    page.choose("#lang-select", "de").await;
    let entry = page.text(".table-entry.selected");
    assert!(entry.contains("Provisioniert · 10.000 RCU / 40.000 WCU"), "{entry}");
    drop(page);
    forget_everything();
}

/// The clock buttons of the TTL panel speak Japanese (minutes and hours as
/// 分 and 時間, not "min" and "h").
#[wasm_bindgen_test]
async fn clock_buttons_speak_japanese() {
    let page = mount().await;
    page.create_table("Sessions", ("id", "S"), None).await;
    page.type_into("#ttl-attribute", "expires").await;
    page.click("#ttl-enable").await;
    page.choose("#lang-select", "ja").await;
    assert_eq!(page.text("#ttl-plus-minute"), "+1 分");
    assert_eq!(page.text("#ttl-plus-ten"), "+10 分");
    assert_eq!(page.text("#ttl-plus-hour"), "+1 時間");
    page.choose("#lang-select", "en").await;
    assert_eq!(page.text("#ttl-plus-hour"), "+1 h");
    drop(page);
    forget_everything();
}

/// A lesson link naming no lesson says so in the page's language, and
/// lists the lessons there are.
#[wasm_bindgen_test]
async fn an_unknown_lesson_is_refused_in_german() {
    let page = mount().await;
    page.choose("#lang-select", "de").await;
    visit_fragment("#lesson=nope").await;
    let notice = page.text("#scenario-notice .notice-text");
    assert!(notice.starts_with("Es gibt keine Lektion „nope“; die Lektionen sind: game-scores, "), "{notice}");
    assert!(notice.ends_with("Nichts wurde geändert: Der Playground ist, wie er war."), "{notice}");
    assert!(!page.exists("#lesson-panel"));
    ddb_playground::ui::persist::set_fragment("");
    drop(page);
    forget_everything();
}

/// The sort-key condition that reads the whole collection says so in the
/// page's language; the operators stay as an expression writes them.
#[wasm_bindgen_test]
async fn the_sort_key_condition_speaks_german_and_japanese() {
    let page = console_with_music().await;
    assert_eq!(page.text("#c0-sk-op option[value=any]"), "any (whole collection)");
    page.choose("#lang-select", "de").await;
    assert_eq!(page.text("#c0-sk-op option[value=any]"), "beliebig (ganze Item Collection)");
    page.choose("#lang-select", "ja").await;
    assert_eq!(page.text("#c0-sk-op option[value=any]"), "すべて (項目コレクション全体)");
    assert_eq!(page.text("#c0-sk-op option[value=begins_with]"), "begins_with");
    drop(page);
    forget_everything();
}

// ---- words fetched when a language is chosen ----

/// Holds the page's requests for `words/…` until [`answer_words`] answers
/// them, and lets every other request through.
fn hold_words_requests() {
    run_js(
        "",
        "const real = window.fetch; const held = []; window.__ddbWords = { real, held };
         window.fetch = function (url, ...rest) {
           if (!String(url).includes('words/')) return real.call(window, url, ...rest);
           return new Promise((resolve, reject) => held.push({ url: String(url), resolve, reject }));
         };",
        &wasm_bindgen::JsValue::UNDEFINED,
    );
}

/// The held requests' addresses.
fn held_words_requests() -> Vec<String> {
    let urls = run_js("", "return window.__ddbWords.held.map((h) => h.url);", &wasm_bindgen::JsValue::UNDEFINED);
    js_sys::Array::from(&urls).iter().filter_map(|url| url.as_string()).collect()
}

/// Answers the first held request with `text`, or fails it as a browser
/// offline does (`None`).
fn answer_words(text: Option<&str>) {
    let body = "const h = window.__ddbWords.held.shift();
                if (text === null) h.reject(new TypeError('Failed to fetch')); else h.resolve(new Response(text));";
    run_js("text", body, &text.map_or(wasm_bindgen::JsValue::NULL, wasm_bindgen::JsValue::from_str));
}

fn stop_holding_words_requests() {
    run_js("", "window.fetch = window.__ddbWords.real; delete window.__ddbWords;", &wasm_bindgen::JsValue::UNDEFINED);
}

fn run_js(parameter: &str, body: &str, argument: &wasm_bindgen::JsValue) -> wasm_bindgen::JsValue {
    js_sys::Function::new_with_args(parameter, body).call1(&wasm_bindgen::JsValue::NULL, argument).unwrap()
}

/// German's words are fetched when German is chosen: until they arrive
/// the page stays English (the switcher shows the choice, busy), then all
/// of it switches at once and the choice is remembered.
#[wasm_bindgen_test]
async fn a_language_switches_once_its_words_arrive() {
    use ddb_playground::i18n::{words, Lang};
    let page = mount().await;
    page.click("#tab-items").await;
    words::forget(Lang::De);
    hold_words_requests();
    page.choose("#lang-select", "de").await;
    assert_eq!(held_words_requests(), vec!["words/de.txt".to_string()]);
    assert_eq!(document_lang(), "en");
    assert_eq!(page.text("#tables-title"), ENGLISH.tables);
    assert_eq!(page.text("#create-table-title"), ENGLISH.create);
    assert_eq!(page.value("#lang-select"), "de");
    assert_eq!(page.attribute("#lang-select", "aria-busy"), "true");
    assert_eq!(remembered_language(), None);

    answer_words(Some(include_str!("../../src/i18n/words/de.txt")));
    wait_until("German's words", document_lang_is("de")).await;
    assert_eq!(page.text("#tables-title"), GERMAN.tables);
    assert_eq!(page.text("#create-table-title"), GERMAN.create);
    assert!(!page.find("#lang-select").has_attribute("aria-busy"));
    assert_eq!(remembered_language().as_deref(), Some("de"));
    assert!(!page.exists("#scenario-notice"));
    stop_holding_words_requests();
    drop(page);
    forget_everything();
}

/// Words that do not come (offline, no offline copy yet) leave the page in
/// its language, the switcher back on it, and a notice in that language.
#[wasm_bindgen_test]
async fn a_language_whose_words_fail_keeps_the_page_as_it_was() {
    use ddb_playground::i18n::{words, Lang};
    let page = mount().await;
    page.click("#tab-items").await;
    words::forget(Lang::Ja);
    hold_words_requests();
    page.choose("#lang-select", "ja").await;
    assert_eq!(page.value("#lang-select"), "ja");
    answer_words(None);
    wait_until("the failure's notice", || page.exists("#scenario-notice")).await;
    assert_eq!(
        page.text("#scenario-notice .notice-text"),
        "日本語 could not be loaded: the network request failed. The page keeps its language."
    );
    assert_eq!(document_lang(), "en");
    assert_eq!(page.text("#tables-title"), ENGLISH.tables);
    assert_eq!(page.value("#lang-select"), "en");
    assert_eq!(remembered_language(), None);

    // From German, the notice is German; a file of another build is refused.
    page.choose("#lang-select", "de").await;
    page.choose("#lang-select", "ja").await;
    answer_words(Some("PartitionKey\tパーティションキー\n"));
    wait_until("the refusal", || page.text("#scenario-notice .notice-text").contains("anderen Version")).await;
    assert_eq!(
        page.text("#scenario-notice .notice-text"),
        "日本語 konnte nicht geladen werden: die Datei gehört zu einer anderen Version; lade die Seite neu. \
         Die Seite behält ihre Sprache."
    );
    assert_eq!(document_lang(), "de");
    assert_eq!(page.value("#lang-select"), "de");
    assert!(!words::is_installed(Lang::Ja));
    stop_holding_words_requests();
    drop(page);
    forget_everything();
}

fn document_lang_is(lang: &'static str) -> impl Fn() -> bool {
    move || document_lang() == lang
}
