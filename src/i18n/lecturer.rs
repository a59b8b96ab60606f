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
}

const EN: LecturerWords = LecturerWords {
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
};

const DE: LecturerWords = LecturerWords {
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
};

const JA: LecturerWords = LecturerWords {
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
