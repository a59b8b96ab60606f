//! Deutsch, in the words of the German lecture notes (seed `000`): their
//! English DynamoDB terms ("Items", "Partition Key", "Sort Key", "Global
//! Secondary Index", "Query", "Scan"), German everywhere else, and the
//! informal "du" of their instructions ("Erzeuge eine neue Tabelle").
//! Figures the German way (`12.345`, `1,5 RCU`, `0,125 $`).

use super::catalogue::{Catalogue, Msg};
use super::lang::Lang;
use super::numbers::{count, dollars, figure};

/// The German catalogue.
pub struct German;

/// `one` for exactly one, else `many`.
fn plural<'a>(n: u64, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 {
        one
    } else {
        many
    }
}

impl Catalogue for German {
    fn text(&self, msg: Msg) -> &'static str {
        match msg {
            // shared
            Msg::PartitionKey => "Partition Key",
            Msg::SortKey => "Sort Key",
            Msg::KeyType => "Typ",
            Msg::Optional => "optional",
            Msg::OnDemand => "On-Demand",
            Msg::Provisioned => "Provisioniert",
            Msg::Request => "Anfrage",
            Msg::Response => "Antwort",
            Msg::ErrorResponse => "Fehlerantwort (HTTP 400)",
            Msg::Cancel => "Abbrechen",
            Msg::LanguageLabel => "Sprache",
            // activity log
            Msg::ActivityTitle => "Aktivität",
            Msg::ActivityClear => "Leeren",
            Msg::ActivityEmpty => {
                "Jede Anfrage erscheint hier, die neueste zuerst, mit der Kapazität, die sie verbraucht hat."
            }
            // log entry
            Msg::NotSent => "Nicht gesendet: Der Text im Editor ist kein Item, daher ließ sich keine Anfrage bilden.",
            Msg::RequestAndResponse => "Anfrage und Antwort",
            // table list
            Msg::TablesTitle => "Tabellen",
            Msg::NoTables => "Noch keine Tabellen.",
            Msg::DeleteAsk => "Löschen…",
            Msg::Keep => "Behalten",
            // create table
            Msg::CreateTableTitle => "Neue Tabelle",
            Msg::TableName => "Tabellenname",
            Msg::CapacityMode => "Kapazitätsmodus",
            Msg::ReadRcu => "Lesen (RCU)",
            Msg::WriteWcu => "Schreiben (WCU)",
            Msg::SecondaryIndexes => "Sekundärindizes",
            Msg::AddGsiTitle => "Ein Global Secondary Index: eigener Partition Key, eigene Kapazität",
            Msg::AddLsiTitle => {
                "Ein Local Secondary Index: der Partition Key der Tabelle, ein anderer Sort Key; nur bei CreateTable"
            }
            Msg::CreateTableSubmit => "Tabelle erstellen",
            // index form: DynamoDB's type names, as the notes write them
            // ("der Datentyp String, Number oder Binary")
            Msg::TypeString => "String",
            Msg::TypeNumber => "Number",
            Msg::TypeBinary => "Binary",
            Msg::ProjectionAll => "ALL · alle Attribute",
            Msg::ProjectionKeysOnly => "KEYS_ONLY · nur Schlüssel",
            Msg::ProjectionInclude => "INCLUDE · Schlüssel + aufgeführte",
            Msg::Remove => "Entfernen",
            Msg::IndexName => "Indexname",
            Msg::AlternateSortKey => "Alternativer Sort Key",
            Msg::Projection => "Projektion",
            Msg::NonKeyAttributes => "Nicht-Schlüssel-Attribute",
            Msg::IndexRcu => "Index-RCU",
            Msg::IndexWcu => "Index-WCU",
            Msg::CopiesTitle => {
                "Was jeder Indexeintrag enthält: die Schlüssel des Index, die Schlüssel der Tabelle und die \
                 projizierten Attribute"
            }
            Msg::CopiesLabel => "kopiert",
            Msg::ChipTableKey => "Tabellenschlüssel",
            Msg::ChipEveryOther => "alle übrigen Attribute",
            Msg::ChipListToInclude => "(aufzunehmende Attribute angeben)",
            Msg::ChipNothingElse => "sonst nichts",
            // index panel
            Msg::AddGsi => "+ GSI hinzufügen",
            Msg::NoIndexes => {
                "Noch keine Indizes. Mit einem GSI kannst du über einen anderen Schlüssel abfragen; DynamoDB baut ihn \
                 aus den Items auf, die schon in der Tabelle stehen (Backfilling)."
            }
            Msg::DeleteGsi => "GSI löschen",
            Msg::DeleteGsiTitle => "UpdateTable mit einem Delete in GlobalSecondaryIndexUpdates",
            Msg::CreateGsi => "GSI erstellen (UpdateTable)",
            Msg::PropagationDelay => "Verzögerung der GSI-Synchronisation (ms)",
            Msg::PropagationDelayTitle => {
                "Wie lange ein Schreibzugriff braucht, bis er einen Global Secondary Index erreicht. Erhöhe sie, um \
                 einen GSI mit veralteten Ergebnissen zu ertappen."
            }
            Msg::SkipTitle => {
                "Die Uhr vorstellen, bis jedes Backfilling und jede ausstehende Index-Aktualisierung fertig ist"
            }
            Msg::NothingPending => "Nichts ausstehend",
            // index grid
            Msg::ProjectedAll => "ALL: alle Attribute werden kopiert",
            Msg::ProjectedKeysOnly => "KEYS_ONLY: nur die Schlüssel werden kopiert",
            Msg::IndexEmpty => {
                "Keine Einträge: Kein Item hat die Schlüsselattribute des Index (ein Index ist dünn besetzt, engl. \
                 sparse)."
            }
            Msg::IndexPartitionKeyTitle => "Der Partition Key des Index",
            Msg::IndexSortKeyTitle => "Der Sort Key des Index",
            Msg::EntityType => "Entitätstyp",
            Msg::EntityTypeTitle => "Entitätstyp: ein Typ-Attribut, sonst das Präfix des Tabellenschlüssels vor #",
            Msg::BaseKeyTitle => "Ein Schlüsselattribut der Basistabelle, in jeden Eintrag kopiert",
            Msg::Pending => "ausstehend",
            Msg::PendingEntryTitle => {
                "In die Tabelle geschrieben, aber noch nicht mit diesem Global Secondary Index synchronisiert: Eine \
                 Query auf den Index sieht es noch nicht"
            }
            Msg::Overloaded => "überladen",
            Msg::OverloadedTitle => {
                "Einträge verschiedener Entitätstypen teilen sich diese Index-Partition: Der Index ist überladen"
            }
            // item editor
            Msg::ItemEditorTitle => "Item-Editor",
            Msg::KeyCtrl => "Strg",
            Msg::ItemAsJson => "Item als JSON",
            Msg::ConsistentRead => "Konsistentes Lesen",
            Msg::LoadIntoEditor => "In den Editor laden",
            Msg::SampleText => "ein Text",
            Msg::SampleAnyValue => "beliebiger Wert",
            Msg::SampleOtherAttributes => "weitere Attribute",
            // item grid
            Msg::NoItems => "Noch keine Items: Schreibe eines im Item-Editor und drücke PutItem.",
            Msg::PartitionKeyHash => "Partition Key (HASH)",
            Msg::SortKeyRange => "Sort Key (RANGE)",
            Msg::KeyspaceTitle => {
                "Wo der Hash dieses Partition Keys im Schlüsselraum liegt (die ersten 24 Bit). Item Collections \
                 stehen in der Reihenfolge des Schlüsselraums, in der ein Scan sie liefert."
            }
            Msg::LoadRowTitle => "Klicken, um dieses Item in den Editor zu laden",
            // key picker
            Msg::Key => "Schlüssel",
            Msg::ChooseTableForKey => "Wähle eine vorhandene Tabelle, um einen Schlüssel anzugeben.",
            Msg::ExampleText => "Text",
            Msg::ExampleNumber => "eine Zahl",
            Msg::ExampleBinary => "Base64, z. B. 3q2+7w==",
            // results
            Msg::ResultsTitle => "Ergebnisse",
            Msg::ResultsEmpty => "Führe eine Anfrage aus, um zu sehen, was zurückkommt und was es kostet.",
            Msg::NextPage => "Nächste Seite",
            Msg::AllRemainingPages => "Alle restlichen Seiten",
            Msg::WriteDone => "Erledigt. Es kommt nichts zurück, außer ReturnValues verlangt es.",
            Msg::SelectCountOnly => "Select COUNT: Nur die Anzahl kommt zurück.",
            Msg::NoItemsBack => "Es kamen keine Items zurück.",
            Msg::RequestAndResponseJson => "Anfrage und Antwort (JSON)",
            Msg::LastPageJson => "Anfrage und Antwort der letzten Seite (JSON)",
            // code view
            Msg::CodeTitle => "Code",
            Msg::CodeTabsLabel => "Programmiersprache",
            Msg::CodeCopy => "Kopieren",
            Msg::CodeCopied => "Kopiert",
            Msg::CodeCopyRefused => "Der Browser hat abgelehnt; markiere den Text und kopiere ihn",
            // history
            Msg::HistoryTitle => "Verlauf",
            Msg::HistoryClear => "Verlauf und Summen löschen",
            Msg::HistoryEmpty => {
                "Jede Anfrage, die du ausführst, erscheint hier mit ihrem Verbrauch; ein Klick führt sie erneut aus."
            }
            Msg::TotalsCaption => "Laufende Summen pro Tabelle",
            Msg::ColTable => "Tabelle",
            Msg::ColRequests => "Anfragen",
            Msg::ColRead => "Lesen",
            Msg::ColWrite => "Schreiben",
            Msg::ColOnDemand => "On-Demand",
            Msg::AllTables => "Alle Tabellen",
            Msg::HistoryEdit => "Bearbeiten",
            Msg::HistoryEditTitle => "In das Formular laden, um sie zu ändern",
            Msg::HistoryRerun => "Erneut ausführen",
            Msg::HistoryRerunTitle => "Dieselbe Anfrage noch einmal senden",
            Msg::PmTitle => "Partitionskarte",
            Msg::PmNoTable => {
                "Lege eine Tabelle an oder wähle eine aus, um ihren Schlüsselraum in Partitionen geteilt zu sehen."
            }
            Msg::PmHint => {
                "Jede Partition besitzt einen zusammenhängenden Bereich des Hashs des Partition Keys. Eine Item \
                 Collection (alle Items mit einem Partition Key) liegt bei ihrem Hash, in genau einer Partition; \
                 jede Partition erhält einen gleichen Anteil der Kapazität der Tabelle und hebt bis zu 300 s \
                 ungenutzter Kapazität als Burst auf."
            }
            Msg::PmSizeLimit => "Größenlimit einer Partition (KB)",
            Msg::PmRealLimit => "10 GB (echt)",
            Msg::PmSetScale => "Lehrmaßstab setzen",
            Msg::PmBackToReal => "Zurück zu 10 GB",
            Msg::PmHashZero => "Hash 0",
        }
    }

    fn example(&self, sample: &str) -> String {
        format!("z. B. {sample}")
    }

    fn keyspace(&self, position: &str) -> String {
        format!("Schlüsselraum {position}")
    }

    fn duration(&self, millis: u64) -> String {
        if millis >= 1000 {
            format!("{} s", figure(Lang::De, &format!("{:.1}", millis as f64 / 1000.0)))
        } else {
            format!("{millis} ms")
        }
    }

    fn delete_table(&self, table: &str) -> String {
        format!("{table} löschen")
    }

    fn table_contents(&self, items: u64, bytes: u64) -> String {
        format!(
            "{} {} · {} {}",
            count(Lang::De, items),
            plural(items, "Item", "Items"),
            count(Lang::De, bytes),
            plural(bytes, "Byte", "Bytes")
        )
    }

    fn provisioned_capacity(&self, read: i64, write: i64) -> String {
        format!("Provisioniert · {read} RCU / {write} WCU")
    }

    fn lsi_partition_key(&self, table_partition: &str) -> String {
        format!("Partition Key: der der Tabelle ({table_partition})")
    }

    fn indexes_of(&self) -> (&'static str, &'static str) {
        ("Sekundärindizes von ", "")
    }

    fn backfilling_left(&self, wait: &str) -> String {
        format!("Backfilling · noch {wait}")
    }

    fn gone_in(&self, wait: &str) -> String {
        format!("gelöscht in {wait}")
    }

    fn entries(&self, n: u64) -> String {
        format!("{n} {}", plural(n, "Eintrag", "Einträge"))
    }

    fn skip_wait(&self, wait: &str) -> String {
        format!("Warten überspringen ({wait})")
    }

    fn index_count(&self, n: u64) -> String {
        format!("{n} {}", plural(n, "Index", "Indizes"))
    }

    fn projected_include(&self, attributes: &str) -> String {
        format!("INCLUDE: Schlüssel + {attributes}")
    }

    fn index_grid_hint(&self, projection: &str) -> String {
        format!(
            "{projection}. Gruppiert nach dem Partition Key des Index, in der Reihenfolge des Schlüsselraums; darin \
             nach dem Sort Key des Index sortiert. "
        )
    }

    fn marked_columns(&self) -> (&'static str, &'static str) {
        ("Mit ", " markierte Spalten verweisen auf das Item der Tabelle.")
    }

    fn leaves_in(&self, wait: &str) -> String {
        format!("Dieser Eintrag verlässt den Index in {wait}")
    }

    fn arrives_in(&self, wait: &str) -> String {
        format!("kommt in {wait} an")
    }

    fn editor_hint(&self) -> (&'static str, &'static str) {
        ("Einfaches JSON oder DynamoDB-JSON · ", " schreibt das Item")
    }

    fn reserved_words(&self, words: usize) -> (&'static str, &'static str) {
        if words == 1 {
            ("Reserviertes Wort: ", ". DynamoDB lehnt es als Attributnamen ab; ein #name-Platzhalter behebt das.")
        } else {
            ("Reservierte Wörter: ", ". DynamoDB lehnt sie als Attributnamen ab; #name-Platzhalter beheben das.")
        }
    }

    fn use_placeholders(&self, placeholders: &str) -> String {
        format!("{placeholders} verwenden")
    }

    fn pages(&self, n: u64) -> String {
        format!("{} {}", count(Lang::De, n), plural(n, "Seite", "Seiten"))
    }

    fn items(&self, n: u64) -> String {
        format!("{} {}", count(Lang::De, n), plural(n, "Item", "Items"))
    }

    fn consumed(&self, units: &str) -> String {
        format!("verbraucht {units}")
    }

    fn on_demand_price(&self, price: &str) -> String {
        format!("{price} bei On-Demand")
    }

    fn unprocessed(&self, member: &str) -> String {
        format!("{member}: Einige Anfragen wurden nicht verarbeitet; siehe die Antwort.")
    }

    fn stopped_after(&self, pages: usize) -> String {
        format!("Nach {pages} Seiten angehalten; weiter mit „Nächste Seite“.")
    }

    fn not_a_request(&self, reason: &str) -> String {
        format!("# Noch keine Anfrage: {reason}")
    }

    fn against_local(&self, endpoint: &str) -> String {
        format!("Gegen ddb-local ({endpoint})")
    }

    fn prices_note(&self, read: f64, write: f64, checked: &str) -> String {
        let read = dollars(Lang::De, &format!("${read}"));
        let write = dollars(Lang::De, &format!("${write}"));
        format!(
            "Preise: On-Demand in us-east-1 (Tabellenklasse Standard), {read} pro Million Read Request Units und \
             {write} pro Million Write Request Units, veröffentlicht am {checked}. Provisionierte Tabellen werden \
             stattdessen stündlich abgerechnet; der Betrag sagt, was dieselben Anfragen On-Demand kosten würden."
        )
    }

    fn pm_keyspace(&self, gsi: bool, name: &str) -> String {
        format!("{} {name}", if gsi { "GSI" } else { "Tabelle" })
    }

    fn pm_partitions(&self, n: u64) -> String {
        format!(" · {n} {}", plural(n, "Partition", "Partitionen"))
    }

    fn pm_partition_title(&self, number: u64, items: u64, size: &str) -> String {
        format!("Partition {number} · {} {} · {size}", count(Lang::De, items), plural(items, "Item", "Items"))
    }

    fn pm_collection_title(&self, items: u64, size: &str) -> String {
        format!("{} {} · {size}", count(Lang::De, items), plural(items, "Item", "Items"))
    }

    fn pm_bucket_title(&self, collections: u64, items: u64, largest: &str) -> String {
        format!(
            "{} {} · {} {} · bis {largest}",
            count(Lang::De, collections),
            plural(collections, "Item Collection", "Item Collections"),
            count(Lang::De, items),
            plural(items, "Item", "Items")
        )
    }

    fn pm_burst(&self, read: &str, write: &str) -> String {
        format!("Burst: Lesen {read} · Schreiben {write}")
    }

    fn pm_split(&self, names: &str, n: u64) -> String {
        format!("Geteilt: {names} {} neu.", if n == 1 { "ist" } else { "sind" })
    }

    fn pm_band_label(&self, title: &str, partitions: u64, collections: u64) -> String {
        format!("{title}: Schlüsselraum mit {partitions} Partitionen und {collections} Item Collections")
    }

    fn pm_teaching_scale(&self, size: &str) -> String {
        format!("Lehrmaßstab: Eine Partition wird geteilt, sobald sie mehr als {size} enthält (DynamoDB: 10 GB).")
    }
}
