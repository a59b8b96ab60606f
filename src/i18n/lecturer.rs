//! The lecturer's tools' words: the class view of many hand-ins
//! (`ui::exercises::class_view`) and making an exercise from the playground
//! (`ui::exercises::make_exercise`), one [`LecturerWords`] per language. A
//! struct literal must name every field, so a text added in English and
//! forgotten in German or Japanese does not compile, as with the
//! [`Catalogue`](super::catalogue::Catalogue).
//!
//! Goal names (`ServedWithoutScan`, `NoThrottling`, …) are the exercise
//! format's members and stay as they are, like DynamoDB's own vocabulary;
//! pattern names and exercise titles are the exercise author's. A hand-in
//! link's refusal is the reader's message, passed on as it is.

use super::lang::Lang;

/// The lecturer's tools' words in one language.
pub struct LecturerWords {
    // ---- the lecturer's page ----
    pub page_title: &'static str,
    pub page_intro: &'static str,
    /// The link back to the playground page.
    pub back: &'static str,
    /// `(tables)`, spelled: what Make an exercise reads.
    pub playground_read: fn(&str) -> String,
    pub reread: &'static str,
    // ---- class view ----
    pub class_title: &'static str,
    pub class_intro: &'static str,
    pub links_label: &'static str,
    pub read_file: &'static str,
    pub check: &'static str,
    /// `(checked, total)`, both spelled.
    pub progress: fn(&str, &str) -> String,
    /// `(hand-ins, damaged links)`, both spelled.
    pub summary: fn(&str, &str) -> String,
    pub filter_label: &'static str,
    pub col_name: &'static str,
    pub col_exercise: &'static str,
    pub col_score: &'static str,
    /// `(met, of)`, both spelled.
    pub score: fn(&str, &str) -> String,
    pub open: &'static str,
    pub met: &'static str,
    pub not_met: &'static str,
    pub no_name: &'static str,
    pub waiting: &'static str,
    pub damaged: &'static str,
    pub not_checked: &'static str,
    pub no_links: &'static str,
    /// `(exercise id, why)`.
    pub exercise_unavailable: fn(&str, &str) -> String,
    /// Says a column sorts ascending or descending.
    pub sort_ascending: &'static str,
    pub sort_descending: &'static str,
    // ---- make an exercise ----
    pub make_title: &'static str,
    pub make_intro: &'static str,
    pub title_label: &'static str,
    pub statement_label: &'static str,
    pub type_label: &'static str,
    pub by_table: &'static str,
    pub types_heading: &'static str,
    /// `(type, records spelled, table)`.
    pub type_row: fn(&str, &str, &str) -> String,
    pub key_label: &'static str,
    pub goals_heading: &'static str,
    pub goal_no_scan: &'static str,
    pub goal_no_throttling: &'static str,
    pub goal_max_cost: &'static str,
    pub goal_max_gsis: &'static str,
    pub goal_max_tables: &'static str,
    pub include_model: &'static str,
    pub make: &'static str,
    /// `(entity types, patterns)`, spelled.
    pub made: fn(&str, &str) -> String,
    /// `(items)`, spelled.
    pub items_left_out: fn(&str) -> String,
    /// `(pattern names joined)`.
    pub writes_left_out: fn(&str) -> String,
    /// `(met, of)`, spelled.
    pub model_scores: fn(&str, &str) -> String,
    pub download: &'static str,
    pub copy_link: &'static str,
    pub copied: &'static str,
    pub not_copied: &'static str,
    /// `(field)`: its text is not a number.
    pub not_a_number: fn(&str) -> String,
    pub no_patterns: &'static str,
}

const EN: LecturerWords = LecturerWords {
    page_title: "Lecturer's tools",
    page_intro: "The class view checks your students' hand-ins; Make an exercise turns the playground you built into \
                 an exercise. They have a page of their own, so the students' page stays small and fast.",
    back: "← The playground",
    playground_read: |tables| format!("Make an exercise reads the playground saved in this browser: {tables} tables."),
    reread: "Read the playground again",
    class_title: "Class view",
    class_intro: "Paste your students' hand-in links, one a line, or drop a text file of them here. Each hand-in is \
                  checked as its student saw it: one row per hand-in, ✓ or ✗ per access pattern and goal, and the \
                  score.",
    links_label: "Hand-in links",
    read_file: "Read a file…",
    check: "Check hand-ins",
    progress: |done, total| format!("Checked {done} of {total} hand-ins…"),
    summary: |rows, damaged| format!("{rows} hand-ins, {damaged} of them damaged or foreign links"),
    filter_label: "Filter by name",
    col_name: "Name",
    col_exercise: "Exercise",
    col_score: "Score",
    score: |met, of| format!("{met} of {of}"),
    open: "Open",
    met: "met",
    not_met: "not met",
    no_name: "(no name)",
    waiting: "waiting…",
    damaged: "Damaged link",
    not_checked: "Not checked",
    no_links: "No hand-in links yet.",
    exercise_unavailable: |id, why| format!("The exercise {id} could not be loaded ({why})."),
    sort_ascending: "sorted ascending",
    sort_descending: "sorted descending",
    make_title: "Make an exercise",
    make_intro: "Turn this playground into an exercise: its items become the records, grouped into entity types; \
                 the saved access patterns, with what they return now, become the patterns a learner designs for.",
    title_label: "Title",
    statement_label: "Task",
    type_label: "Entity type from the attribute",
    by_table: "(one type per table)",
    types_heading: "Entity types and the attributes that identify a record",
    type_row: |name, records, table| format!("{name}: {records} records in {table}"),
    key_label: "Key attributes, separated by commas",
    goals_heading: "Goals",
    goal_no_scan: "Every pattern is served without a Scan",
    goal_no_throttling: "Nothing throttles at the patterns' rates",
    goal_max_cost: "Highest monthly cost ($)",
    goal_max_gsis: "Most GSIs",
    goal_max_tables: "Most tables",
    include_model: "Include the current design as the model answer",
    make: "Make exercise",
    made: |types, patterns| format!("Made an exercise with {types} entity types and {patterns} access patterns."),
    items_left_out: |items| format!("{items} items lack the attribute and were left out."),
    writes_left_out: |names| format!("Write patterns left out (only reads have rows to expect): {names}."),
    model_scores: |met, of| format!("The current design scores {met} of {of} against it."),
    download: "Download JSON",
    copy_link: "Copy exercise link",
    copied: "Exercise link copied.",
    not_copied: "The browser did not allow copying; copy the link from the field.",
    not_a_number: |field| format!("{field}: not a number."),
    no_patterns: "Save access patterns in the design review first: they become the exercise's patterns.",
};

const DE: LecturerWords = LecturerWords {
    page_title: "Werkzeuge für Lehrende",
    page_intro: "Die Kursübersicht prüft die Abgaben deiner Studierenden; „Übung erstellen“ macht aus dem Playground, \
                 den du gebaut hast, eine Übung. Sie haben eine eigene Seite, damit die Seite der Studierenden klein \
                 und schnell bleibt.",
    back: "← Zum Playground",
    playground_read: |tables| {
        format!("„Übung erstellen“ liest den Playground, den dieser Browser gespeichert hat: {tables} Tabellen.")
    },
    reread: "Playground neu einlesen",
    class_title: "Kursübersicht",
    class_intro: "Fügen Sie die Abgabelinks Ihrer Studierenden ein, einen pro Zeile, oder ziehen Sie eine Textdatei \
                  mit ihnen hierher. Jede Abgabe wird so geprüft, wie ihre Studentin oder ihr Student sie sah: eine \
                  Zeile pro Abgabe, ✓ oder ✗ pro Zugriffsmuster und Ziel, und die Punktzahl.",
    links_label: "Abgabelinks",
    read_file: "Datei lesen…",
    check: "Abgaben prüfen",
    progress: |done, total| format!("{done} von {total} Abgaben geprüft…"),
    summary: |rows, damaged| format!("{rows} Abgaben, davon {damaged} beschädigte oder fremde Links"),
    filter_label: "Nach Name filtern",
    col_name: "Name",
    col_exercise: "Übung",
    col_score: "Punkte",
    score: |met, of| format!("{met} von {of}"),
    open: "Öffnen",
    met: "erfüllt",
    not_met: "nicht erfüllt",
    no_name: "(ohne Namen)",
    waiting: "wartet…",
    damaged: "Beschädigter Link",
    not_checked: "Nicht geprüft",
    no_links: "Noch keine Abgabelinks.",
    exercise_unavailable: |id, why| format!("Die Übung {id} ließ sich nicht laden ({why})."),
    sort_ascending: "aufsteigend sortiert",
    sort_descending: "absteigend sortiert",
    make_title: "Übung erstellen",
    make_intro: "Machen Sie aus diesem Playground eine Übung: seine Items werden die Datensätze, nach Entitätstyp \
                 gruppiert; die gespeicherten Zugriffsmuster werden mit dem, was sie jetzt liefern, zu den Mustern, \
                 für die Lernende entwerfen.",
    title_label: "Titel",
    statement_label: "Aufgabe",
    type_label: "Entitätstyp aus dem Attribut",
    by_table: "(ein Typ pro Tabelle)",
    types_heading: "Entitätstypen und die Attribute, die einen Datensatz bestimmen",
    type_row: |name, records, table| format!("{name}: {records} Datensätze in {table}"),
    key_label: "Schlüsselattribute, durch Kommas getrennt",
    goals_heading: "Ziele",
    goal_no_scan: "Jedes Muster wird ohne Scan bedient",
    goal_no_throttling: "Bei den Raten der Muster wird nichts gedrosselt",
    goal_max_cost: "Höchste Monatskosten ($)",
    goal_max_gsis: "Höchstens so viele GSIs",
    goal_max_tables: "Höchstens so viele Tabellen",
    include_model: "Den aktuellen Entwurf als Musterlösung aufnehmen",
    make: "Übung erstellen",
    made: |types, patterns| format!("Übung mit {types} Entitätstypen und {patterns} Zugriffsmustern erstellt."),
    items_left_out: |items| format!("{items} Items fehlt das Attribut; sie wurden weggelassen."),
    writes_left_out: |names| format!("Schreibende Muster weggelassen (nur lesende haben erwartete Zeilen): {names}."),
    model_scores: |met, of| format!("Der aktuelle Entwurf erreicht darin {met} von {of}."),
    download: "JSON herunterladen",
    copy_link: "Übungslink kopieren",
    copied: "Übungslink kopiert.",
    not_copied: "Der Browser hat das Kopieren nicht erlaubt; kopieren Sie den Link aus dem Feld.",
    not_a_number: |field| format!("{field}: keine Zahl."),
    no_patterns: "Speichern Sie zuerst Zugriffsmuster im Design-Review: sie werden die Muster der Übung.",
};

const JA: LecturerWords = LecturerWords {
    page_title: "講師用ツール",
    page_intro: "クラス一覧は学生の提出物をチェックします。「演習を作成」は作成したプレイグラウンドを演習にします。\
                 学生用のページを小さく速く保つため、専用のページにあります。",
    back: "← プレイグラウンドへ",
    playground_read: |tables| {
        format!("「演習を作成」はこのブラウザーに保存されたプレイグラウンドを読み込みます: テーブル {tables} 個。")
    },
    reread: "プレイグラウンドを読み込み直す",
    class_title: "クラス一覧",
    class_intro:
        "学生の提出リンクを1行に1つずつ貼り付けるか、リンクを書いたテキストファイルをここにドロップしてください。\
                  各提出は学生が見たとおりにチェックされます。提出ごとに1行、アクセスパターンと目標ごとの ✓ または ✗、\
                  そして得点を表示します。",
    links_label: "提出リンク",
    read_file: "ファイルを読む…",
    check: "提出をチェック",
    progress: |done, total| format!("{total} 件中 {done} 件の提出をチェックしました…"),
    summary: |rows, damaged| format!("提出 {rows} 件、うち壊れたリンクまたは別種のリンク {damaged} 件"),
    filter_label: "名前で絞り込む",
    col_name: "名前",
    col_exercise: "演習",
    col_score: "得点",
    score: |met, of| format!("{of} 中 {met}"),
    open: "開く",
    met: "達成",
    not_met: "未達成",
    no_name: "(名前なし)",
    waiting: "待機中…",
    damaged: "壊れたリンク",
    not_checked: "未チェック",
    no_links: "提出リンクはまだありません。",
    exercise_unavailable: |id, why| format!("演習 {id} を読み込めませんでした ({why})。"),
    sort_ascending: "昇順",
    sort_descending: "降順",
    make_title: "演習を作る",
    make_intro: "このプレイグラウンドから演習を作ります。項目はエンティティータイプごとにまとめたレコードになり、\
                 保存したアクセスパターンは、いま返す結果とともに、学習者が設計する対象のパターンになります。",
    title_label: "タイトル",
    statement_label: "課題",
    type_label: "エンティティータイプを表す属性",
    by_table: "(テーブルごとに1タイプ)",
    types_heading: "エンティティータイプとレコードを識別する属性",
    type_row: |name, records, table| format!("{name}: {table} に {records} 件のレコード"),
    key_label: "キー属性 (カンマ区切り)",
    goals_heading: "目標",
    goal_no_scan: "すべてのパターンを Scan なしで処理する",
    goal_no_throttling: "パターンのレートでスロットリングが起きない",
    goal_max_cost: "月額コストの上限 ($)",
    goal_max_gsis: "GSI の最大数",
    goal_max_tables: "テーブルの最大数",
    include_model: "現在の設計を模範解答として含める",
    make: "演習を作る",
    made: |types, patterns| {
        format!("エンティティータイプ {types} 個、アクセスパターン {patterns} 個の演習を作りました。")
    },
    items_left_out: |items| format!("{items} 件の項目はその属性がないため除きました。"),
    writes_left_out: |names| {
        format!("書き込みのパターンは除きました (期待する行があるのは読み取りだけです): {names}。")
    },
    model_scores: |met, of| format!("現在の設計はこの演習で {of} 中 {met} です。"),
    download: "JSON をダウンロード",
    copy_link: "演習のリンクをコピー",
    copied: "演習のリンクをコピーしました。",
    not_copied: "ブラウザーがコピーを許可しませんでした。欄からリンクをコピーしてください。",
    not_a_number: |field| format!("{field}: 数値ではありません。"),
    no_patterns: "先に設計レビューでアクセスパターンを保存してください。それが演習のパターンになります。",
};

impl Lang {
    /// The lecturer's tools' words in this language.
    pub fn lecturer(self) -> &'static LecturerWords {
        match self {
            Lang::En => &EN,
            Lang::De => &DE,
            Lang::Ja => &JA,
        }
    }
}
