//! The engine's rounding words in every language.

use super::*;

use crate::engine::capacity::{Charge, Consistency, EntryAction, Scope};

/// Charges covering every place, verb and factor of a rounding.
fn charges() -> Vec<Charge> {
    vec![
        Charge::read("t", 10, 10_000, Consistency::Eventual),
        Charge::read("t", 1, 5_000, Consistency::Strong),
        Charge::write("t", Some(2_000), Some(100)),
        Charge::transactional_read("t", 0),
        Charge::transactional_write("t", 1_536),
        Charge::index_write("t", "g", true, EntryAction::Put, 120),
        Charge::index_write("t", "g", true, EntryAction::Delete, 1_517),
        Charge::index_write("t", "l", false, EntryAction::Update, 10),
        Charge::read("t", 4, 180, Consistency::Eventual).on(Scope::Index {
            name: "g".into(),
            global: true,
            action: None,
        }),
        Charge::read("t", 1, 300, Consistency::Eventual).on(Scope::Fetch { index: "l".into() }),
    ]
}

#[test]
fn english_roundings_are_the_engines_words() {
    for charge in charges() {
        assert_eq!(Lang::En.tr().rounding(&charge.rounding()), charge.describe());
    }
    // 10,000 bytes: ceil(10000 / 4096) = 3 blocks × 0.5 = 1.5.
    assert_eq!(
        Lang::En.tr().rounding(&charges()[0].rounding()),
        "read 10 items, 10000 bytes: 3 × 4 KB blocks × 0.5 (eventually consistent) = 1.5 read units"
    );
}

#[test]
fn roundings_in_german_and_japanese() {
    let all = charges();
    let de = Lang::De.tr();
    assert_eq!(
        de.rounding(&all[0].rounding()),
        "10 Items gelesen, 10000 Bytes: 3 × 4-KB-Blöcke × 0,5 (eventually consistent) = 1,5 Leseeinheiten"
    );
    // 1,536 bytes: ceil(1536 / 1024) = 2 blocks, × 2 in a transaction = 4.
    assert_eq!(
        de.rounding(&all[4].rounding()),
        "1 Item geschrieben, 1536 Bytes: 2 × 1-KB-Blöcke × 2 (Transaktion) = 4 Schreibeinheiten"
    );
    assert_eq!(
        de.rounding(&all[8].rounding()),
        "Index g (GSI): 4 Einträge gelesen, 180 Bytes: 1 × 4-KB-Blöcke × 0,5 (eventually consistent) = 0,5 Leseeinheiten"
    );
    let ja = Lang::Ja.tr();
    assert_eq!(
        ja.rounding(&all[0].rounding()),
        "項目 10 件を読み取り、10000 バイト: 3 × 4 KB ブロック × 0.5 (結果整合性のある読み込み) = 1.5 読み取りユニット"
    );
    assert_eq!(
        ja.rounding(&all[9].rounding()),
        "LSI l のためにテーブルから取得: 項目 1 件を読み取り、300 バイト: 1 × 4 KB ブロック × 0.5 (結果整合性のある読み込み) = 0.5 読み取りユニット"
    );
    // Every rounding differs from English and holds its figures.
    for lang in [Lang::De, Lang::Ja] {
        for charge in &all {
            let text = lang.tr().rounding(&charge.rounding());
            assert_ne!(text, charge.describe(), "{lang:?}");
            assert!(text.contains(&charge.bytes.to_string()), "{lang:?}: {text}");
            assert!(text.contains(&lang.figure(&charge.units.to_string())), "{lang:?}: {text}");
        }
    }
}

/// Every fact of this block, one of each kind.
fn remaining_facts() -> Vec<Said> {
    let refused = StorageFailure::Refused { kb: 12, message: None };
    let browser = StorageFailure::Refused { kb: 12, message: Some("QuotaExceededError".into()) };
    vec![
        Said::AutosaveFailed(StorageFailure::NoStorage),
        Said::AutosaveFailed(refused.clone()),
        Said::AutosaveFailed(browser.clone()),
        Said::WorkspaceNotSaved(StorageFailure::NoStorage),
        Said::WorkspaceNotSaved(refused),
        Said::WorkspaceNotSaved(browser),
        Said::WorkspaceNotOpened { name: "Kurs A".into(), reason: None },
        Said::WorkspaceNotOpened { name: "Kurs A".into(), reason: Some("Invalid scenario: x".into()) },
        Said::LinkUnreadable { reason: "The share link is damaged.".into() },
        Said::SavedUnreadable {
            reason: "Invalid scenario: x".into(),
            bytes: 2_000,
            kept_under: "ddb-playground/backup".into(),
            backed_up: true,
            started_from_copy: false,
        },
        Said::ImportFailed(FileFailure::TooLarge { name: "big.json".into(), mb: 8 }),
        Said::ImportFailed(FileFailure::NoReader),
        Said::ImportFailed(FileFailure::Refused { name: "m.json".into(), message: "Invalid model".into() }),
        Said::ImportFailed(FileFailure::NotText { name: "m.json".into() }),
        Said::ImportFailed(FileFailure::Unreadable { name: "m.json".into() }),
        Said::ImportFailed(FileFailure::NotLoaded { name: "m.json".into(), reason: FetchFailure::Network }),
        Said::ExportFailed(ExportStep::NoWindow),
        Said::ExportFailed(ExportStep::NoDocument),
        Said::ExportFailed(ExportStep::NoFile),
        Said::ExportFailed(ExportStep::NoObjectUrl),
        Said::ExportFailed(ExportStep::NoLinkElement),
        Said::ExportFailed(ExportStep::NotLoaded(FetchFailure::Http(404))),
        Said::ExportRefused { message: "Invalid scenario: x".into() },
        Said::ConverterLoading { import: false },
        Said::ConverterLoading { import: true },
        Said::LessonLoading { lesson: voting() },
        Said::LessonNotLoaded { lesson: voting(), reason: FetchFailure::NoWindow },
        Said::LessonNotLoaded { lesson: voting(), reason: FetchFailure::Network },
        Said::LessonNotLoaded { lesson: voting(), reason: FetchFailure::NoResponse },
        Said::LessonNotLoaded { lesson: voting(), reason: FetchFailure::Http(404) },
        Said::LessonNotLoaded { lesson: voting(), reason: FetchFailure::NoBody },
        Said::LessonNotLoaded { lesson: voting(), reason: FetchFailure::BodyLost },
        Said::LessonNotLoaded { lesson: voting(), reason: FetchFailure::NotText },
        Said::LessonNotLoaded { lesson: voting(), reason: FetchFailure::TimedOut(30) },
        Said::LessonNotKept { no_storage: true },
        Said::LessonNotKept { no_storage: false },
        Said::NotRestored(RestoreFailure::NoStorage),
        Said::NotRestored(RestoreFailure::NothingKept),
        Said::NotRestored(RestoreFailure::Unreadable {
            reason: "Invalid scenario: x".into(),
            kept_under: "ddb-playground/backup".into(),
        }),
        Said::EmbedLinkCopied { view: Msg::EmbedPartitionMap, length: 1_234 },
        Said::Joined(vec![Said::Fixed(Msg::EngineBusy), Said::LessonNotKept { no_storage: true }]),
    ]
}

#[test]
fn english_notices_are_unchanged() {
    let en = Lang::En.tr();
    let words: Vec<String> = remaining_facts().iter().map(|said| en.said(said)).collect();
    let unchanged = "Nothing was changed: the playground is as it was.";
    let expected = [
        "Autosave failed: this browser offers no local storage.".to_string(),
        "Autosave failed: the scenario (12 KB) could not be saved: the browser refused. The copy saved before is \
         kept; export the playground to keep this version."
            .into(),
        "Autosave failed: the scenario (12 KB) could not be saved: QuotaExceededError. The copy saved before is \
         kept; export the playground to keep this version."
            .into(),
        "this browser offers no local storage".into(),
        "The workspace (12 KB) could not be saved: the browser refused.".into(),
        "The workspace (12 KB) could not be saved: QuotaExceededError.".into(),
        format!("There is no workspace \"Kurs A\". {unchanged}"),
        format!("The workspace \"Kurs A\" could not be read. Invalid scenario: x {unchanged}"),
        format!("The share link is damaged. {unchanged}"),
        "The autosaved playground (2,000 bytes) could not be read. The page started empty. It is kept in \
         localStorage under \"ddb-playground/backup\". Invalid scenario: x"
            .into(),
        format!("big.json is larger than 8 MB; it was not read. {unchanged}"),
        format!("This browser cannot read files. {unchanged}"),
        format!("m.json: Invalid model {unchanged}"),
        format!("m.json could not be read as text. {unchanged}"),
        format!("m.json could not be read. {unchanged}"),
        format!(
            "m.json could not be imported: the code that reads NoSQL Workbench models could not be loaded (the \
             network request failed). {unchanged}"
        ),
        "Export failed: no browser window.".into(),
        "Export failed: no document.".into(),
        "Export failed: the browser could not build the file.".into(),
        "Export failed: no object URL.".into(),
        "Export failed: no link element.".into(),
        "Export failed: the code that writes this format could not be loaded (HTTP 404).".into(),
        "Export failed: Invalid scenario: x".into(),
        "Preparing the export: loading the code that writes it …".into(),
        "Preparing the import: loading the code that reads NoSQL Workbench models …".into(),
        "Loading the lesson “Real-time voting: write sharding” …".into(),
        "The lesson “Real-time voting: write sharding” could not be loaded: no window.".into(),
        "The lesson “Real-time voting: write sharding” could not be loaded: the network request failed.".into(),
        "The lesson “Real-time voting: write sharding” could not be loaded: no response.".into(),
        "The lesson “Real-time voting: write sharding” could not be loaded: HTTP 404.".into(),
        "The lesson “Real-time voting: write sharding” could not be loaded: no body.".into(),
        "The lesson “Real-time voting: write sharding” could not be loaded: the body did not arrive.".into(),
        "The lesson “Real-time voting: write sharding” could not be loaded: the body is not text.".into(),
        "The lesson “Real-time voting: write sharding” could not be loaded: the request was given up after 30 seconds."
            .into(),
        "The lesson was not opened: this browser offers no local storage.".into(),
        "The lesson was not opened: the browser refused to keep a copy of the current playground.".into(),
        "Nothing was restored: this browser offers no local storage.".into(),
        "Nothing was restored: there is no kept playground.".into(),
        "Nothing was restored: Invalid scenario: x. The unreadable copy is kept in localStorage under \
         \"ddb-playground/backup\"."
            .into(),
        "Embed link for the partition map copied (1234 characters): use it as the src of an <iframe> on a slide. \
         It shows this playground as it is now; the embedded page never saves."
            .into(),
        "The engine is busy; try again. The lesson was not opened: this browser offers no local storage.".into(),
    ];
    assert_eq!(words, expected);
}

#[test]
fn notices_are_translated_and_pass_reasons_on() {
    let facts = remaining_facts();
    for lang in [Lang::De, Lang::Ja] {
        for said in &facts {
            let text = lang.tr().said(said);
            assert_ne!(text, Lang::En.tr().said(said), "{lang:?}: {said:?}");
            // What came from elsewhere is passed on as it is.
            for passed in ["Kurs A", "Invalid scenario: x", "The share link is damaged.", "QuotaExceededError"] {
                if Lang::En.tr().said(said).contains(passed) {
                    assert!(text.contains(passed), "{lang:?}: {text}");
                }
            }
        }
    }
    assert_eq!(
        Lang::De.tr().said(&Said::EmbedLinkCopied { view: Msg::EmbedPartitionMap, length: 1_234 }),
        "Embed-Link für „Partitionskarte“ kopiert (1.234 Zeichen): Verwende ihn als src eines <iframe> auf einer \
         Folie. Er zeigt diesen Playground so, wie er jetzt ist; die eingebettete Seite speichert nie."
    );
    assert_eq!(
        Lang::Ja.tr().said(&Said::ImportFailed(FileFailure::TooLarge { name: "big.json".into(), mb: 8 })),
        "big.json は 8 MB を超えているため、読み込みませんでした。 何も変更していません。プレイグラウンドは元のままです。"
    );
}

#[test]
fn lab_and_console_texts() {
    let problems = [
        LabProblem::Rate,
        LabProblem::Duration { max: 3_600 },
        LabProblem::TooManyRequests { requests: 3_000_000, max: 2_000_000 },
        LabProblem::Capacity { max: 40_000 },
        LabProblem::ZipfSkew,
        LabProblem::Engine("ValidationException: no".into()),
    ];
    let en = Lang::En.tr();
    let english: Vec<String> = problems.iter().map(|p| en.lab_problem(p)).collect();
    assert_eq!(
        english,
        [
            "The rate must be a positive number of requests per second.",
            "The duration must be 1 to 3,600 seconds.",
            "That is 3,000,000 requests; the lab runs at most 2,000,000 in the browser. Lower the rate or the \
             duration.",
            "The lab table's RCU and WCU must be 1 to 40,000 (the default per-table quota).",
            "The Zipf skew s must be a number above 0 (1 to 2 is typical), at most 10.",
            "ValidationException: no",
        ]
    );
    assert_eq!(Lang::De.tr().lab_problem(&problems[1]), "Die Dauer muss 1 bis 3.600 Sekunden betragen.");
    assert_eq!(
        Lang::Ja.tr().lab_problem(&problems[3]),
        "ラボ用テーブルの RCU と WCU は 1〜40,000 で指定してください (テーブルごとのデフォルトのクォータ)。"
    );
    for lang in [Lang::De, Lang::Ja] {
        for problem in &problems[..5] {
            assert_ne!(lang.tr().lab_problem(problem), en.lab_problem(problem), "{lang:?}");
        }
        assert_eq!(lang.tr().lab_problem(&problems[5]), "ValidationException: no");
    }

    let before = LabTitle::Before(Msg::PresetVoting);
    let after = LabTitle::After { shards: 10, prefix: "CandidateA".into() };
    assert_eq!(en.lab_title(&before), "Before: Voting: 1,500 votes/s for CandidateA (seed 001)");
    assert_eq!(en.lab_title(&after), "After: the same traffic over 10 shards CandidateA_0 … CandidateA_9");
    assert_eq!(Lang::De.tr().lab_title(&before), "Vorher: Voting: 1.500 Stimmen/s für CandidateA (Seed 001)");
    assert_eq!(
        Lang::Ja.tr().lab_title(&after),
        "適用後: 同じトラフィックを 10 個のシャード CandidateA_0 … CandidateA_9 に分散"
    );
    assert_eq!(en.heat_cell(2, 10, 12, "1.50", 12_345), "P2 · s 10–12 · consumed 1.50 · throttled 12,345");
    assert_eq!(
        Lang::De.tr().heat_cell(2, 10, 12, "1,50", 12_345),
        "P2 · s 10–12 · verbraucht 1,50 · gedrosselt 12.345"
    );
    assert_eq!(en.heatmap_label(3, 20, 60, 4), "Heatmap: 3 partitions, 20 of 60 seconds, 4 cells with throttling");
    assert_eq!(en.lab_band_label(3), "The lab table's keyspace in 3 partitions");
    assert_eq!(
        en.heat_splits(&[(31, 2), (40, 3)]),
        "Split for heat: P2 at second 31, P3 at second 40. The engine isolated the hottest keys."
    );
    assert_eq!(
        Lang::Ja.tr().heat_splits(&[(31, 2)]),
        "高負荷による分割: 31 秒に P2。エンジンが最もホットなキーを分離しました。"
    );

    let forms =
        [FormProblem::LimitNotWhole("ten".into()), FormProblem::ParametersNotList, FormProblem::RequestNotObject];
    let english: Vec<String> = forms.iter().map(|p| en.form_problem(p)).collect();
    assert_eq!(
        english,
        [
            "Limit must be a whole number, not ten",
            "Parameters must be a JSON list",
            "The request must be a JSON object"
        ]
    );
    assert_eq!(
        en.stayed_in(false, "Request JSON: SerializationException: x"),
        "Stayed in raw mode: Request JSON: SerializationException: x"
    );
    assert_eq!(en.stayed_in(true, "x"), "Stayed in form mode: x");
    assert_eq!(Lang::De.tr().stayed_in(false, "x"), "Bei Roh-JSON geblieben: x");
    assert_eq!(Lang::Ja.tr().stayed_in(false, "x"), "Raw JSON のままです: x");
    for lang in [Lang::De, Lang::Ja] {
        let tr = lang.tr();
        for problem in &forms {
            assert_ne!(tr.form_problem(problem), en.form_problem(problem), "{lang:?}");
        }
        // DynamoDB's member names stay as the API spells them.
        assert!(tr.form_problem(&forms[0]).contains("Limit") && tr.form_problem(&forms[0]).contains("ten"));
        assert!(tr.form_problem(&forms[1]).contains("Parameters"));
        for stayed in [true, false] {
            assert_ne!(tr.stayed_in(stayed, "x"), en.stayed_in(stayed, "x"));
        }
    }

    // Hover texts and the embed error.
    assert_eq!(en.cut_note(12_345), "(12,345 characters)");
    assert_eq!(en.string_size(12_345, 12_346), "12,345 characters, 12,346 bytes");
    assert_eq!(Lang::De.tr().string_size(12_345, 12_346), "12.345 Zeichen, 12.346 Bytes");
    assert_eq!(Lang::Ja.tr().cut_note(12_345), "(12,345 文字)");
    assert_eq!(
        en.no_such_view("x", "partitions, lab"),
        "There is no view \"x\" to embed. Use embed= with one of: partitions, lab."
    );
    for lang in [Lang::De, Lang::Ja] {
        assert!(lang.tr().no_such_view("x", "partitions, lab").contains("partitions, lab"));
        assert!(lang.tr().heatmap_label(3, 20, 60, 4).contains("60"));
        assert!(lang.tr().lab_band_label(7).contains('7'));
    }
}

#[test]
fn spans_of_time() {
    // 260 s = 4 min 20 s; 3,900 s = 1 h 5 min; 183,600 s = 2 d 3 h.
    let cases = [(12, "12 s"), (300, "5 min"), (260, "4 min 20 s"), (3_900, "1 h 5 min"), (183_600, "2 d 3 h")];
    for (seconds, english) in cases {
        assert_eq!(Lang::En.tr().span(seconds), english);
    }
    assert_eq!(Lang::De.tr().span(183_600), "2 Tage 3 h");
    assert_eq!(Lang::De.tr().span(90_000), "1 Tag 1 h");
    assert_eq!(Lang::De.tr().span(260), "4 min 20 s");
    assert_eq!(Lang::Ja.tr().span(260), "4 分 20 秒");
    assert_eq!(Lang::Ja.tr().span(183_600), "2 日 3 時間");
}

#[test]
fn import_and_export_warnings() {
    use crate::scenario::warning::{Lost, Unused, Warning};
    let table = || "Music".to_string();
    let warnings = [
        Warning::VersionAssumed { stated: Some("2.0".into()) },
        Warning::VersionAssumed { stated: None },
        Warning::ModelMembersKept { members: "\"Comments\"".into() },
        Warning::TableKept {
            table: table(),
            unused: vec![
                Unused::Facets(2),
                Unused::Member("DataAccess".into()),
                Unused::AutoScaling,
                Unused::Unknown("\"Color\"".into()),
                Unused::IndexMembers { members: "\"Note\"".into(), index: "ByYear".into() },
            ],
        },
        Warning::Renormalised { table: table(), changed: 3, items: 12_345 },
        Warning::Mistyped {
            table: table(),
            count: 2,
            place: "TableData[1].Year".into(),
            actual: "S".into(),
            declared: "N".into(),
        },
        Warning::OnDemandNow { table: table() },
        Warning::NoBillingMode { table: table(), version: "1.0".into() },
        Warning::SeveralTypes { table: table(), attribute: "Year".into(), types: vec!["N".into(), "S".into()] },
        Warning::CannotHold {
            table: table(),
            lost: vec![
                Lost::Lsi("ByDay".into()),
                Lost::Stream("NEW_AND_OLD_IMAGES".into()),
                Lost::Ttl("ExpiresAt".into()),
                Lost::TableClass("STANDARD_INFREQUENT_ACCESS".into()),
                Lost::OwnCapacity("GameScore".into()),
                Lost::Tags(2),
                Lost::DeletionProtection,
                Lost::MoreKeyAttributes { index: "ByTenant".into(), attributes: vec!["Region".into(), "Day".into()] },
            ],
        },
        Warning::ItemsNotInTemplate { table: table(), items: 30 },
        Warning::NoTables,
        Warning::BinaryNeedsCliV2,
    ];
    for warning in &warnings {
        // English is the scenario module's own wording (what ddb-local prints).
        assert_eq!(Lang::En.tr().warning(warning), warning.to_string());
        for lang in [Lang::De, Lang::Ja] {
            let text = lang.tr().warning(warning);
            assert_ne!(text, warning.to_string(), "{lang:?}");
            // Names from the data and DynamoDB's own words are passed on.
            for name in [
                "Music",
                "\"Comments\"",
                "\"Note\"",
                "ByYear",
                "ByTenant",
                "Region, Day",
                "TableData[1].Year",
                "NEW_AND_OLD_IMAGES",
                "STANDARD_INFREQUENT_ACCESS",
                "ExpiresAt",
                "ProvisionedCapacitySettings",
                "ModelMetadata.Version",
                "AWS CLI v2",
            ] {
                if warning.to_string().contains(name) {
                    assert!(text.contains(name), "{lang:?}: {text} lacks {name}");
                }
            }
        }
    }
    assert_eq!(
        Lang::De.tr().warning(&warnings[4]),
        "Tabelle Music: 3 von 12.345 Items sind so gespeichert, wie DynamoDB sie speichert (Zahlen in ihrer \
         kürzesten Form, z. B. 0.50 als 0.5; Sets sortiert); ein Export schreibt diese Form."
    );
    assert_eq!(
        Lang::Ja.tr().warning(&warnings[10]),
        "テーブル Music: 項目 30 件はテンプレートに含まれません (CloudFormation は空のテーブルを作成します)。AWS CLI \
         スクリプトが書き込みます。"
    );
    assert_eq!(
        warnings[3].to_string(),
        "Table Music: kept for the export, not simulated: 2 facet(s), DataAccess, the auto scaling settings (the \
         playground does not scale capacity), \"Color\", \"Note\" of index ByYear."
    );
}
