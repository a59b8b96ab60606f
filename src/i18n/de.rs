//! Deutsch, in the words of the German lecture notes (seed `000`): their
//! English DynamoDB terms ("Items", "Partition Key", "Sort Key", "Global
//! Secondary Index", "Query", "Scan"), German everywhere else, and the
//! informal "du" of their instructions ("Erzeuge eine neue Tabelle").
//! Figures the German way (`12.345`, `1,5 RCU`, `0,125 $`).
//!
//! Here are the texts with values; the fixed texts are `words/de.txt`,
//! fetched by the page when the language is chosen ([`words`]).

use super::catalogue::{Access, CallOutcome, CallSummary, Catalogue, LabState, LimitType, Msg, RowControl, Said};
use super::catalogue::{
    ExportStep, Factor, FetchFailure, FileFailure, FormProblem, LabProblem, LabTitle, Place, RestoreFailure, Rounding,
    StorageFailure, Verb,
};
use super::catalogue::{Lost, Unused, Warning};
use super::lang::Lang;
use super::limits::PartitionLimits;
use super::numbers::{count, dollars, figure};
use super::words;

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
        words::text(Lang::De, msg)
    }

    fn example(&self, sample: &str) -> String {
        format!("z. B. {sample}")
    }

    fn keyspace(&self, position: &str) -> String {
        format!("Schlüsselraum {position}")
    }

    fn fp_legend(&self, operation: &str, target: &str) -> String {
        format!("Was der {operation}-Request der Konsole von {target} liest:")
    }

    fn fp_stop(&self, limit: Option<usize>, above: bool) -> String {
        let stop = match limit {
            Some(n) => format!("Limit {n} endet hier"),
            None => "Die 1-MB-Seite endet hier".to_string(),
        };
        format!("{stop}: LastEvaluatedKey ist das Item {}", if above { "darüber" } else { "darunter" })
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
        // Capacity is at least 1, so the unsigned value is the figure itself.
        let (read, write) = (count(Lang::De, read.unsigned_abs()), count(Lang::De, write.unsigned_abs()));
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

    fn allocating_left(&self, wait: &str) -> String {
        format!("Ressourcen werden zugeteilt · noch {wait}")
    }

    fn not_searchable_left(&self, wait: &str) -> String {
        format!("noch nicht durchsuchbar · noch {wait}")
    }

    fn entries(&self, n: u64) -> String {
        format!("{} {}", count(Lang::De, n), plural(n, "Eintrag", "Einträge"))
    }

    fn vector_point_ranked(&self, label: &str, rank: usize, score: &str) -> String {
        format!("{label}: Rang {rank}, Score {score}")
    }

    fn vector_map_summary(&self, points: u64, ranked: u64) -> String {
        format!("Vektorkarte: {points} {} gezeichnet, {ranked} gerankt", plural(points, "Item", "Items"))
    }

    fn vector_map_wrong_length(&self, got: u64, wanted: u64) -> String {
        format!(
            "Der Suchvektor hat {got} {}, die Vektoren dieses Index haben {wanted}: SearchVectors würde ihn ablehnen.",
            plural(got, "Zahl", "Zahlen")
        )
    }

    fn vector_map_projected(&self, dimensions: u64) -> String {
        format!(
            "Eine Projektion der {dimensions}-dimensionalen Vektoren auf die zwei Richtungen, in denen sie sich am \
             stärksten unterscheiden: Abstände auf der Karte sind nicht die Abstände, nach denen die Suche rankt."
        )
    }

    fn vector_map_other_distance(&self, own: &str, other: &str) -> String {
        format!("Die Suchen dieses Index ranken nach {own}; die Karte zeigt, wie {other} dieselben Items ranken würde.")
    }

    fn vector_map_not_served(&self, phase: &str, wait: &str) -> String {
        format!(
            "Der Index ist {phase}, und SearchVectors lehnt ihn noch {wait} lang ab; die Karte rankt seine Einträge so, wie eine Suche es dann tut."
        )
    }

    fn vector_shape(&self, dimensions: u64, distance: &str) -> String {
        format!("{dimensions} {} · {distance}", plural(dimensions, "Dimension", "Dimensionen"))
    }

    fn vector_map_drawn(&self, shown: u64, total: u64, left_out: u64) -> String {
        let entries = plural(total, "Eintrag", "Einträgen");
        match left_out {
            0 => format!("{shown} von {total} {entries} gezeichnet."),
            n => format!(
                "{shown} von {total} {entries} gezeichnet, dazu {n} {} nicht im Index.",
                plural(n, "Item", "Items")
            ),
        }
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

    fn generated(&self, items: u64, partition_keys: u64, replaced: u64) -> String {
        let keys = format!(
            "{} {}",
            count(Lang::De, partition_keys),
            plural(partition_keys, "Partition Key", "Partition Keys")
        );
        let mut text = format!("{} über {keys} erzeugt.", self.items(items));
        if replaced > 0 {
            text.push_str(&format!(
                " {} davon haben ein zuvor erzeugtes Item mit demselben Schlüssel ersetzt, wie PutItem es tut.",
                count(Lang::De, replaced)
            ));
        }
        text
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

    fn cost_ratio(&self, ratio: &str, less: bool) -> String {
        format!("B kostet {ratio} {} als A", if less { "weniger" } else { "mehr" })
    }

    fn live_cost_of(&self, operation: &str) -> String {
        format!("Live-Kosten dieses {operation}")
    }

    fn numbered(&self, what: Msg, n: usize) -> String {
        format!("{} {n}", self.text(what))
    }

    fn row_control(&self, control: RowControl, what: Msg, n: usize) -> String {
        let what = self.text(what);
        match control {
            RowControl::Remove => format!("{what} {n} entfernen"),
            RowControl::Kind => format!("Art von {what} {n}"),
            RowControl::Item => format!("Item von {what} {n}"),
        }
    }

    fn operation_request(&self, operation: &str) -> String {
        format!("{operation}-Anfrage")
    }

    fn error_is_in(&self, member: &str) -> String {
        format!("Der Fehler steckt in {member}: wechsle zum Formular, um ihn unterstrichen zu sehen.")
    }

    fn missing(&self, name: &str) -> String {
        format!("{name} (fehlt)")
    }

    fn run_operation(&self, operation: &str) -> String {
        format!("{operation} ausführen")
    }

    fn bytes(&self, n: usize) -> String {
        format!("{} {}", count(Lang::De, n as u64), plural(n as u64, "Byte", "Bytes"))
    }

    fn vector_search_headline(&self, bytes: &str) -> String {
        format!("{bytes} Bytes durchsucht (Schätzung)")
    }

    fn cost_vector_search(&self, bytes: &str) -> String {
        format!(
            "Eine Suche verbraucht keine Read Units: Sie wird in VectorSearchRequestBytes gemessen, hier {bytes}. Die \
             Zahl ist eine Schätzung des Playgrounds (DynamoDB veröffentlicht keine Formel): Sie wächst mit den \
             Dimensionen, den durchsuchten Items und den zurückgegebenen Daten, ist nie kleiner als 1.024 und hängt \
             nicht vom Suchvektor ab."
        )
    }

    fn cost_refused(&self, error: &str) -> String {
        format!("DynamoDB lehnt diese Anfrage ab ({error}), und eine abgelehnte Anfrage kostet nichts.")
    }

    fn cost_failed(&self, error: &str, units: &str) -> String {
        format!("Diese Anfrage scheitert mit {error}, aber die Arbeit davor wird trotzdem berechnet: {units}.")
    }

    fn cost_nothing_read(&self, query: bool, units: &str) -> String {
        format!(
            "{}, doch ein Lesen kostet immer mindestens einen 4-KB-Block: {units}.",
            if query { "Nichts passt zur Schlüsselbedingung" } else { "Die Tabelle ist leer" }
        )
    }

    fn cost_filter_removed(&self, removed: u64, scanned: u64, units: &str) -> String {
        format!(
            "Der Filter hat {} von {} entfernt, aber alle {} wurden gelesen: {units}.",
            count(Lang::De, removed),
            self.items(scanned),
            count(Lang::De, scanned)
        )
    }

    fn cost_filter_kept(&self, scanned: u64, units: &str) -> String {
        format!("Der Filter hat alle {} behalten, die gelesen wurden: {units}.", self.items(scanned))
    }

    fn cost_read_returned(&self, scanned: u64, bytes: usize, returned: u64, units: &str) -> String {
        format!(
            "{} gelesen ({}) und {} zurückgegeben: {units}.",
            self.items(scanned),
            self.bytes(bytes),
            self.items(returned)
        )
    }

    fn cost_summed(&self, scanned: u64, bytes: usize) -> String {
        if scanned == 1 {
            return format!(
                "Das eine gelesene Item ({}) wird einmal pro Seite auf 4 KB aufgerundet.",
                self.bytes(bytes)
            );
        }
        format!(
            "Die gelesenen {} werden summiert ({}) und einmal pro Seite auf 4 KB aufgerundet, nicht Item für Item.",
            self.items(scanned),
            self.bytes(bytes)
        )
    }

    fn cost_limit_stopped(&self, limit: u64) -> String {
        format!("Limit {limit} hat das Lesen beendet (Limit zählt gelesene Items, vor dem Filter); LastEvaluatedKey markiert, wo die nächste Seite beginnt.")
    }

    fn cost_get(&self, found: Option<usize>, strong: bool, units: &str) -> String {
        let consistency =
            if strong { "konsistentes Lesen: voller Preis" } else { "eventually consistent: halber Preis" };
        match found { Some(bytes) => format!("Ein Item von {} gefunden, aufgerundet auf 4-KB-Blöcke ({consistency}): {units}.", self.bytes(bytes)), None => format!("Kein Item hat diesen Schlüssel, doch das Lesen kostet trotzdem einen 4-KB-Block ({consistency}): {units}.") }
    }

    fn cost_write(&self, operation: &str, bytes: usize, units: &str) -> String {
        let what = match operation {
            "PutItem" => "Ein Put bezahlt das größere von altem und neuem Item",
            "UpdateItem" => "Ein Update bezahlt das größere Item von vorher und nachher",
            _ => "Ein Delete bezahlt das Item, das es entfernt",
        };
        format!("{what} ({}), in 1-KB-Blöcken: {units}.", self.bytes(bytes))
    }

    fn cost_batch_get(&self, bytes: usize, reads: usize, units: &str) -> String {
        format!(
            "Ein Batch rundet jedes Item einzeln auf 4 KB auf ({} in {reads} {}): {units}.",
            self.bytes(bytes),
            plural(reads as u64, "Lesevorgang", "Lesevorgängen")
        )
    }

    fn cost_batch_write(&self, writes: usize, units: &str) -> String {
        let noun = plural(writes as u64, "Schreibvorgang", "Schreibvorgänge");
        format!("Ein Batch wird wie seine einzelnen Schreibvorgänge abgerechnet: jedes Item in 1-KB-Blöcken ({writes} {noun}): {units}.")
    }

    fn cost_transaction(&self, actions: usize, units: &str) -> String {
        let noun = plural(actions as u64, "Aktion", "Aktionen");
        format!("Eine Transaktion kostet das Doppelte: jedes Item wird einzeln gerundet, dann × 2 ({actions} {noun}): {units}.")
    }

    fn and_more(&self, n: usize) -> String {
        format!("… und {n} weitere")
    }

    fn cost_index_writes(&self, parts: &str, total: &str) -> String {
        format!("Sekundärindizes kosten zusätzliche Schreibvorgänge, jeder Eintrag auf 1 KB gerundet: {parts} — insgesamt {total}.")
    }

    fn cost_read_from_index(&self, index: &str) -> String {
        format!(
            "Aus {index} gelesen: bemessen an den projizierten Einträgen des Index, nicht an den Items der Tabelle."
        )
    }

    fn cost_lsi_fetch(&self, units: &str) -> String {
        format!("Attribute, die der lokale Index nicht projiziert, wurden aus der Tabelle geholt: {units} davon entfallen auf das Holen.")
    }

    fn touched_partitions(&self, total: usize, parts: &str) -> String {
        format!("Berührte Partitionen: {total} ({parts}).")
    }

    fn table_index(&self, table: &str, index: &str) -> String {
        format!("{table} Index {index}")
    }

    fn partitions_of(&self, numbers: &[usize], more: bool, of: usize) -> String {
        let list: Vec<String> = numbers.iter().map(usize::to_string).collect();
        let more = if more { ", …" } else { "" };
        match numbers.len() {
            0 => format!("alle {of} Partitionen"),
            1 => format!("Partition {}{more} von {of}", list.join(", ")),
            _ => format!("Partitionen {}{more} von {of}", list.join(", ")),
        }
    }

    fn cost_not_request_in(&self, field: &str, message: &str) -> String {
        format!(" in {field}: {message}")
    }

    fn all_pages(&self, pages: usize, complete: bool, units: &str, returned: u64, scanned: u64, price: &str) -> String {
        format!(
            "Alle Seiten: {} Seiten{}, insgesamt {units}, {} von {} Items zurückgegeben · {price} bei On-Demand.",
            count(Lang::De, pages as u64),
            if complete { "" } else { " (mindestens; die Vorschau hört dort auf)" },
            count(Lang::De, returned),
            count(Lang::De, scanned)
        )
    }

    fn provisioned_share(&self, capacity: i64, unit: &str, percent: &str) -> String {
        format!("Die Tabelle ist mit {capacity} {unit} pro Sekunde provisioniert: diese Anfrage braucht {percent} der Kapazität einer Sekunde.")
    }

    fn per_million(&self, price: &str) -> String {
        format!("{price} pro Million solcher Anfragen")
    }

    fn dry_run_computed(&self, millis: &str) -> String {
        format!("Probelauf in {millis} ms berechnet")
    }

    fn seed(&self, seed: &str) -> String {
        format!("Seed {seed}")
    }

    fn step_of(&self, step: usize, steps: usize) -> String {
        format!("Schritt {step} von {steps}")
    }

    fn checklist_read(&self, requests: u64, returned: u64, scanned: u64) -> String {
        let times = if requests > 1 { format!("{requests} Anfragen, ") } else { String::new() };
        if scanned != returned {
            format!("{times}{} von {} gelesenen Items", count(Lang::De, returned), count(Lang::De, scanned))
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
        let PartitionLimits { rcu: max_rcu, wcu: max_wcu, size: max_size } = PartitionLimits::in_lang(Lang::De);
        format!("nach Kapazität {read} / {max_rcu} + {write} / {max_wcu} = {by_capacity}; nach Größe {size} GB / {max_size} = {by_size}; ceil(max) = {partitions}")
    }

    fn shard_math(&self, items: &str, percent: &str, share: &str, per_block: u64, size: u64, shards: u64) -> String {
        let PartitionLimits { rcu: max_rcu, .. } = PartitionLimits::in_lang(Lang::De);
        format!("{items} Items × {percent} % = {share} teilen sich einen Schlüsselwert; eine Partition liest {max_rcu} × {per_block} Items zu {size} B pro Sekunde → ceil = {shards}")
    }

    fn seconds_per_second(&self, n: u32) -> String {
        format!("{n} s pro Sekunde")
    }

    fn lab_status(&self, state: LabState, speed: &str, done: u64, seconds: u64) -> String {
        match state {
            LabState::Finished => format!("Fertig: {seconds} s simuliert."),
            LabState::Running => format!("Läuft mit {speed} · Sekunde {done} von {seconds}"),
            LabState::Paused => format!("Pausiert bei Sekunde {done} von {seconds}"),
        }
    }

    fn apply_sharding(&self, shards: u64) -> String {
        format!("Write Sharding anwenden ({shards} Shards) und neu ausführen")
    }

    fn index_contents(&self, entries: u64, bytes: u64) -> String {
        format!("{} · {} {}", self.entries(entries), count(Lang::De, bytes), plural(bytes, "Byte", "Bytes"))
    }

    fn item_collections(&self, n: u64) -> String {
        format!("{} {}", count(Lang::De, n), plural(n, "Item Collection", "Item Collections"))
    }

    fn index_partition_keys(&self, n: u64) -> String {
        format!("{n} {}", plural(n, "Index-Partition-Key", "Index-Partition-Keys"))
    }

    fn updates_on_the_way(&self, n: u64) -> String {
        format!("{n} {} unterwegs", plural(n, "Update", "Updates"))
    }

    fn creating_backfilling(&self, wait: &str) -> String {
        format!("CREATING · Backfilling, noch {wait} · erst ab ACTIVE abfragbar")
    }

    fn items_in(&self) -> (&'static str, &'static str) {
        ("Items in ", "")
    }

    fn index_of_table(&self) -> (&'static str, &'static str) {
        (" von ", "")
    }

    fn access_path(&self, scan: bool, operation: &str, reads: usize, target: &str) -> String {
        match (scan, reads) {
            (true, _) => format!("ein Scan von {target}"),
            (false, 2..) if operation == "GetItem" || operation == "Query" => {
                format!("{reads} × {operation} auf {target}")
            }
            _ => format!("ein {operation} auf {target}"),
        }
    }

    fn statement_reads(&self, read: u64, of: Option<u64>, all: bool, returned: u64) -> String {
        let (read_n, returned_n) = (count(Lang::De, read), count(Lang::De, returned));
        match (all, of) {
            (true, _) => format!(": es liest alle {read_n} Items und gibt {returned_n} zurück"),
            (false, Some(of)) => format!(
                ": es liest {read_n} von {} Items auf dieser Seite und gibt {returned_n} zurück",
                count(Lang::De, of)
            ),
            (false, None) => {
                format!(": es liest {read_n} {} und gibt {returned_n} zurück", plural(read, "Item", "Items"))
            }
        }
    }

    fn statement_sentence(&self, verb: &str, path: &str, reads: &str, cost: &str) -> String {
        format!("Dieses {verb} ist {path}{reads}: {cost}")
    }

    fn saved_operations(&self, n: usize) -> String {
        format!("Gespeicherte Operationen ({n})")
    }

    fn expired_ago(&self, ago: &str, swept_in: &str) -> String {
        format!("abgelaufen vor {ago} · gelöscht in {swept_in}")
    }

    fn expired_items(&self, n: u64) -> String {
        let (item, verb) = if n == 1 { ("Item", "ist") } else { ("Items", "sind") };
        format!(
            "{n} {item} {verb} abgelaufen, aber noch nicht gelöscht: GetItem, Query und Scan liefern sie weiterhin."
        )
    }

    fn ttl_of(&self) -> (&'static str, &'static str) {
        ("Time to Live von ", "")
    }

    fn ttl_enabled_on(&self, attribute: &str) -> String {
        format!("ENABLED für {attribute}")
    }

    fn ttl_now(&self, now_seconds: u64) -> String {
        format!("Jetzt: {now_seconds} (Uhr der Engine, Epoch-Sekunden): ein Item, dessen TTL-Attribut höchstens so groß ist, ist abgelaufen.")
    }

    fn child_of(&self, parent: &str) -> String {
        format!("Kind von {parent}")
    }

    fn records(&self, n: u64) -> String {
        format!("{n} {}", plural(n, "Record", "Records"))
    }

    fn stream_count(&self, label: &str, total: u64, shown: Option<usize>) -> String {
        let shown = shown.map(|n| format!(" (die letzten {n} gezeigt)")).unwrap_or_default();
        format!("Stream {label}: {}{shown}, neueste zuerst.", self.records(total))
    }

    fn stream_shards(&self, n: u64) -> String {
        format!("{n} {}: einer pro Partition; eine geteilte Partition hat ihren Shard geschlossen und je Hälfte einen geöffnet", plural(n, "Shard", "Shards"))
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
            "{} · {} {} · {} WCU · {} gedrosselt · {} fehlgeschlagen · {} wartend",
            self.records(records),
            count(Lang::De, writes),
            plural(writes, "Schreibvorgang", "Schreibvorgänge"),
            Lang::De.number(units),
            count(Lang::De, throttles),
            count(Lang::De, failures),
            count(Lang::De, pending)
        )
    }

    fn by_trigger(&self, trigger: &str, table: &str) -> String {
        format!("Geschrieben vom Stream-Trigger {trigger} auf dem Stream von {table}, als eigener Schreibvorgang: kein Request von Ihnen.")
    }

    fn trigger_wrote(&self, key: &str, units: f64) -> String {
        format!("{key} geschrieben ({} WCU)", Lang::De.number(units))
    }

    fn stream_of(&self) -> (&'static str, &'static str) {
        ("Stream von ", "")
    }

    fn call_summary(&self, summary: &CallSummary) -> String {
        let figure = |units: &str| figure(Lang::De, units);
        let charged = |units: &Option<String>| units.as_deref().map_or("nichts berechnet".into(), figure);
        let detail = match &summary.outcome {
            CallOutcome::NotSent(error) => format!("nicht gesendet: {error}"),
            CallOutcome::Failed(error) => error.to_string(),
            CallOutcome::Throttled { exception, on_index, access, limit } => {
                format!("{exception}: {}", self.throttling_reason(*on_index, *access, *limit))
            }
            CallOutcome::Created => "erzeugt".into(),
            CallOutcome::Deleted { items } => format!("gelöscht mit {}", self.items(*items)),
            CallOutcome::Got { found, units, strong } => {
                let consistency = if *strong { "konsistentes Lesen" } else { "eventually consistent" };
                format!("{}, {} ({consistency})", if *found { "gefunden" } else { "nicht gefunden" }, figure(units))
            }
            CallOutcome::Charged(units) => charged(units),
            CallOutcome::Read { count, scanned, more, charged: units } => format!(
                "{} von {} gelesen{}, {}",
                self::count(Lang::De, *count),
                self.items(*scanned),
                if *more { ", weitere Seiten" } else { "" },
                charged(units)
            ),
            CallOutcome::Ok => "OK".into(),
        };
        format!("{} → {detail}", summary.head)
    }

    fn provisioned_line(&self, capacity: u64, unit: &str) -> String {
        format!("provisioniert ({} {unit})", count(Lang::De, capacity))
    }

    fn burst_bucket(&self, partition: usize, tokens: &str) -> String {
        format!("Burst-Bucket von P{partition} (der heißesten Partition): noch {tokens} Tokens")
    }

    fn heatmap_caption(&self, seconds_per_column: usize) -> String {
        format!("Partition × Zeit ({seconds_per_column} s pro Spalte)")
    }

    fn lab_keyspace(&self, partitions: usize, splits: usize) -> String {
        let splits =
            if splits > 0 { format!(", {splits} durch Splits wegen Hitze hinzugekommen") } else { String::new() };
        format!(
            "Schlüsselraum der Labortabelle: {partitions} {}{splits}",
            plural(partitions as u64, "Partition", "Partitionen")
        )
    }

    fn lab_summary(
        &self,
        progress: Option<(u32, u32)>,
        counts: [u64; 3],
        percent: &str,
        consumed: &str,
        partitions: usize,
    ) -> String {
        let PartitionLimits { rcu: max_rcu, wcu: max_wcu, .. } = PartitionLimits::in_lang(Lang::De);
        let progress = progress.map(|(done, of)| format!("Sekunde {done} von {of} · ")).unwrap_or_default();
        let [requests, throttled, at_limit] = counts;
        let c = |n| count(Lang::De, n);
        format!("{progress}{} Anfragen, {} gedrosselt ({percent} %), davon {} an der Grenze von {max_wcu} WCU / {max_rcu} RCU pro Partition · {consumed} verbraucht · {partitions} Partitionen", c(requests), c(throttled), c(at_limit))
    }

    fn top_keys_recent(&self, seconds: u64) -> String {
        format!("Top-Schlüssel, letzte {seconds} s (wie CloudWatch Contributor Insights)")
    }

    fn said(&self, said: &Said) -> String {
        match said {
            Said::Fixed(msg) => self.text(*msg).to_string(),
            Said::LinkCopied { length } => {
                let mut text = format!(
                    "Link in die Zwischenablage kopiert: {} Zeichen (er steht auch in der Adresszeile).",
                    count(Lang::De, *length as u64)
                );
                if *length > 8000 {
                    text.push_str(" Lange Links werden von Chat-Programmen oft abgeschnitten; exportiere große Szenarien besser als Datei.");
                }
                text
            }
            Said::Exported { name, partial: false } => format!("{name} exportiert."),
            Said::Exported { name, partial: true } => format!("{name} exportiert. Nicht in der Datei:"),
            Said::Imported { file, model, tables, items } => {
                let what = match model {
                    Some(Some(name)) => format!(" (NoSQL-Workbench-Modell \"{name}\")"),
                    Some(None) => " (NoSQL-Workbench-Modell)".to_string(),
                    None => String::new(),
                };
                format!(
                    "{file}{what} importiert: {tables} {}, {}.",
                    plural(*tables as u64, "Tabelle", "Tabellen"),
                    self.items(*items as u64)
                )
            }
            Said::LessonOpened { lesson, kept, earlier } => {
                let title = lesson.title_in(Lang::De);
                let mut text = format!("Lektion „{title}“ geöffnet.");
                if *kept {
                    text.push_str(" Dein bisheriger Playground ist aufbewahrt: „Meinen Playground wiederherstellen“ in der Lektion holt ihn zurück.");
                }
                if let Some(name) = earlier {
                    text.push_str(&format!(
                        " Der vor einer früheren Lektion aufbewahrte Playground ist jetzt der Arbeitsbereich „{name}“."
                    ));
                }
                text
            }
            Said::WorkspaceSaved { name } => format!("Playground als Arbeitsbereich „{name}“ gespeichert."),
            Said::WorkspaceOpened { name } => format!("Arbeitsbereich {name} geöffnet."),
            Said::WorkspaceDeleted { name } => format!("Arbeitsbereich „{name}“ gelöscht."),
            Said::WorkspaceReplaceAsk { name } => format!("Arbeitsbereich „{name}“ durch den Playground ersetzen?"),
            Said::WorkspaceDeleteAsk { name } => {
                format!("Arbeitsbereich „{name}“ löschen? Er lässt sich nicht wiederherstellen.")
            }
            Said::AutosaveFailed(failure @ StorageFailure::NoStorage) => {
                format!("Automatisches Speichern fehlgeschlagen: {}.", storage_failure(failure, "das Szenario"))
            }
            Said::AutosaveFailed(failure) => format!(
                "Automatisches Speichern fehlgeschlagen: {}. Die zuvor gespeicherte Kopie bleibt erhalten; \
                 exportieren Sie den Playground, um diesen Stand zu behalten.",
                storage_failure(failure, "das Szenario")
            ),
            Said::WorkspaceNotSaved(StorageFailure::NoStorage) => format!("{}.", capitalised(NO_STORAGE)),
            Said::WorkspaceNotSaved(failure) => {
                format!("{}.", capitalised(&storage_failure(failure, "der Arbeitsbereich")))
            }
            Said::WorkspaceNotOpened { name, reason: None } => {
                format!("Es gibt keinen Arbeitsbereich „{name}“. {UNCHANGED}")
            }
            Said::WorkspaceNotOpened { name, reason: Some(reason) } => {
                format!("Der Arbeitsbereich „{name}“ konnte nicht gelesen werden. {reason} {UNCHANGED}")
            }
            Said::LinkUnreadable { reason } => {
                format!("Der Link konnte nicht gelesen werden. {reason} {UNCHANGED}")
            }
            Said::ImportFailed(failure) => {
                let reason = match failure {
                    FileFailure::TooLarge { name, mb } => {
                        format!("{name} ist größer als {mb} MB und wurde nicht gelesen.")
                    }
                    FileFailure::NoReader => "Dieser Browser kann keine Dateien lesen.".to_string(),
                    FileFailure::Refused { name, message } => {
                        format!("{name} konnte nicht importiert werden: {message}")
                    }
                    FileFailure::NotText { name } => format!("{name} konnte nicht als Text gelesen werden."),
                    FileFailure::Unreadable { name } => format!("{name} konnte nicht gelesen werden."),
                    FileFailure::NotLoaded { name, reason } => format!(
                        "{name} konnte nicht importiert werden: der Code, der NoSQL-Workbench-Modelle liest, \
                         konnte nicht geladen werden ({}).",
                        fetch_failure(reason)
                    ),
                };
                format!("{reason} {UNCHANGED}")
            }
            Said::ExportFailed(step) => {
                let what = match step {
                    ExportStep::NoWindow => "kein Browserfenster",
                    ExportStep::NoDocument => "kein Dokument",
                    ExportStep::NoFile => "der Browser konnte die Datei nicht erzeugen",
                    ExportStep::NoObjectUrl => "keine Objekt-URL",
                    ExportStep::NoLinkElement => "kein Link-Element",
                    ExportStep::NotLoaded(reason) => {
                        return format!(
                            "Export fehlgeschlagen: der Code, der dieses Format schreibt, konnte nicht geladen \
                             werden ({}).",
                            fetch_failure(reason)
                        )
                    }
                };
                format!("Export fehlgeschlagen: {what}.")
            }
            Said::NoSuchLesson { id, known } => {
                format!("Es gibt keine Lektion „{id}“; die Lektionen sind: {known}. {UNCHANGED}")
            }
            Said::LessonLoading { lesson } => format!("Die Lektion „{}“ wird geladen …", lesson.title_in(Lang::De)),
            Said::LessonNotLoaded { lesson, reason } => {
                let title = lesson.title_in(Lang::De);
                let reason = fetch_failure(reason);
                format!("Die Lektion „{title}“ konnte nicht geladen werden: {reason}.")
            }
            Said::PanelLoading { title } => format!("„{title}“ wird geladen …"),
            Said::ExportRefused { message } => format!("Export fehlgeschlagen: {message}"),
            Said::ConverterLoading { import: false } => {
                "Der Export wird vorbereitet: der Code, der ihn schreibt, wird geladen …".to_string()
            }
            Said::ConverterLoading { import: true } => {
                "Der Import wird vorbereitet: der Code, der NoSQL-Workbench-Modelle liest, wird geladen …".to_string()
            }
            Said::PanelNotLoaded { title, reason } => {
                let reason = fetch_failure(reason);
                format!("„{title}“ konnte nicht geladen werden: {reason}.")
            }
            Said::WordsNotLoaded { lang, reason } => {
                let reason = match reason {
                    Some(reason) => fetch_failure(reason),
                    None => "die Datei gehört zu einer anderen Version; lade die Seite neu".to_string(),
                };
                format!("{} konnte nicht geladen werden: {reason}. Die Seite behält ihre Sprache.", lang.endonym())
            }
            Said::LessonNotKept { no_storage: true } => format!("Die Lektion wurde nicht geöffnet: {NO_STORAGE}."),
            Said::LessonNotKept { no_storage: false } => "Die Lektion wurde nicht geöffnet: der Browser hat sich \
                                                          geweigert, eine Kopie des aktuellen Playgrounds aufzubewahren."
                .to_string(),
            Said::NotRestored(failure) => {
                let reason = match failure {
                    RestoreFailure::NoStorage => NO_STORAGE,
                    RestoreFailure::NothingKept => "es gibt keinen aufbewahrten Playground",
                    RestoreFailure::Unreadable { reason, kept_under } => {
                        return format!(
                            "Nichts wurde wiederhergestellt: {reason}. Die unlesbare Kopie bleibt im localStorage \
                             unter „{kept_under}“ erhalten."
                        )
                    }
                };
                format!("Nichts wurde wiederhergestellt: {reason}.")
            }
            Said::EmbedLinkCopied { view, length } => format!(
                "Embed-Link für „{}“ kopiert ({} Zeichen): Verwende ihn als src eines <iframe> auf einer Folie. Er \
                 zeigt diesen Playground so, wie er jetzt ist; die eingebettete Seite speichert nie.",
                self.text(*view),
                count(Lang::De, *length as u64)
            ),
            Said::Joined(all) => all.iter().map(|said| self.said(said)).collect::<Vec<_>>().join(" "),
            Said::SavedUnreadable { reason, bytes, kept_under, backed_up, started_from_copy } => {
                let size = count(Lang::De, *bytes as u64);
                let start = if *started_from_copy {
                    "Die Seite startet mit der letzten guten Kopie, die kurz davor gespeichert wurde."
                } else {
                    "Die Seite startet leer."
                };
                let kept = if *backed_up {
                    format!("Sie bleibt im localStorage unter „{kept_under}“ erhalten.")
                } else {
                    format!(
                        "Der Speicher des Browsers ist zu voll, um sie beiseitezulegen: Sie bleibt unter \
                         „{kept_under}“ und wird bis zum Neuladen der Seite nicht überschrieben; exportieren oder \
                         kopieren Sie sie jetzt, wenn Sie sie brauchen."
                    )
                };
                format!(
                    "Der automatisch gespeicherte Playground ({size} Bytes) ist nicht lesbar. {start} {kept} {reason}"
                )
            }
            Said::OtherTabSaved { name, kept: true } => format!(
                "Ein anderer Tab des Playgrounds hat über die Kopie dieses Tabs gespeichert. Sein Playground \
                 bleibt als Arbeitsbereich „{name}“ erhalten; der Playground dieses Tabs bleibt offen und wird bei \
                 der nächsten Änderung gespeichert."
            ),
            Said::OtherTabSaved { kept: false, .. } => "Ein anderer Tab des Playgrounds hat über die Kopie dieses \
                Tabs gespeichert, und der Speicher des Browsers ist zu voll, um sie als Arbeitsbereich zu behalten. \
                Der Playground dieses Tabs bleibt offen und ersetzt sie bei der nächsten Änderung."
                .to_string(),
            Said::TextRefused { size } => format!(
                "Der Text ist {size} groß; DynamoDB nimmt Anfragen bis 16 MB an (und Items bis 400 KB), daher \
                 wurde er nicht gelesen. Das Feld behält seinen bisherigen Text."
            ),
        }
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

    fn pm_warm(&self, read: &str, write: &str, raising: Option<(&str, &str)>) -> String {
        let base = format!("Warmer Durchsatz: {read} Lese- und {write} Schreibzugriffe pro Sekunde sofort");
        match raising {
            Some((r, w)) => format!("{base}, wird vorgewärmt auf {r} / {w}"),
            None => base,
        }
    }

    fn pm_teaching_scale(&self, size: &str) -> String {
        let PartitionLimits { size: max_size, .. } = PartitionLimits::in_lang(Lang::De);
        format!("Lehrmaßstab: Eine Partition wird geteilt, sobald sie mehr als {size} enthält (DynamoDB: {max_size}).")
    }

    fn pm_real_limit(&self) -> String {
        let PartitionLimits { size: max_size, .. } = PartitionLimits::in_lang(Lang::De);
        format!("{max_size} (echt)")
    }

    fn pm_back_to_real(&self) -> String {
        let PartitionLimits { size: max_size, .. } = PartitionLimits::in_lang(Lang::De);
        format!("Zurück zu {max_size}")
    }

    fn lab_intro(&self) -> String {
        let PartitionLimits { rcu: max_rcu, wcu: max_wcu, .. } = PartitionLimits::in_lang(Lang::De);
        format!("Simuliere Sekunden an Traffic auf einer frischen Labortabelle (deine Tabellen bleiben unberührt). Eine Partition bedient höchstens {max_wcu} WCU und {max_rcu} RCU pro Sekunde, egal wie viel die Tabelle hat; ein Hot Key wird also selbst auf einer großen Tabelle gedrosselt. Auf Shards verteilt, verteilt er sich auf Partitionen. Läufe haben einen Seed: dieselben Eingaben ergeben dasselbe Bild.")
    }

    fn rounding(&self, rounding: &Rounding) -> String {
        if let Place::Vector { name } = rounding.place {
            return format!(
                "Vektorindex {name}: 1 Eintrag geschrieben, {} Bytes gemessen (keine Schreibeinheiten)",
                rounding.bytes
            );
        }
        let place = match rounding.place {
            Place::Table | Place::Vector { .. } => String::new(),
            Place::Fetch { index } => format!("für LSI {index} aus der Tabelle geholt: "),
            Place::Index { name, global } => format!("Index {name} ({}): ", if global { "GSI" } else { "LSI" }),
        };
        let n = rounding.count as u64;
        let what = match rounding.place {
            Place::Index { .. } => format!("{n} {}", plural(n, "Eintrag", "Einträge")),
            _ => format!("{n} {}", plural(n, "Item", "Items")),
        };
        let verb = match rounding.verb {
            Verb::Read => "gelesen",
            Verb::Wrote => "geschrieben",
            Verb::Put => "eingetragen",
            Verb::Deleted => "gelöscht",
            Verb::Rewrote => "neu geschrieben",
        };
        let factor = match rounding.factor {
            Factor::None => "",
            Factor::Eventual => " × 0,5 (eventually consistent)",
            Factor::Strong => " (konsistentes Lesen)",
            Factor::Transaction => " × 2 (Transaktion)",
        };
        format!(
            "{place}{what} {verb}, {} Bytes: {} × {}-KB-Blöcke{factor} = {} {}",
            rounding.bytes,
            rounding.blocks,
            rounding.block_kb,
            figure(Lang::De, &rounding.units.to_string()),
            if rounding.write { "Schreibeinheiten" } else { "Leseeinheiten" }
        )
    }

    fn form_problem(&self, problem: &FormProblem) -> String {
        match problem {
            FormProblem::LimitNotWhole(text) => format!("Limit muss eine ganze Zahl sein, nicht {text}"),
            FormProblem::ParametersNotList => "Parameters muss eine JSON-Liste sein".to_string(),
            FormProblem::TopKNotWhole => "TopK muss eine ganze Zahl von 1 bis 100 sein".to_string(),
            FormProblem::VectorNotList => {
                "SearchVector muss eine JSON-Liste von Zahlen sein, etwa [0.1, 0.9]".to_string()
            }
            FormProblem::RequestNotObject => "Die Anfrage muss ein JSON-Objekt sein".to_string(),
        }
    }

    fn stayed_in(&self, form: bool, reason: &str) -> String {
        format!("{} geblieben: {reason}", if form { "Im Formular" } else { "Bei Roh-JSON" })
    }

    fn lab_problem(&self, problem: &LabProblem) -> String {
        match problem {
            LabProblem::Rate => "Die Rate muss eine positive Zahl von Anfragen pro Sekunde sein.".to_string(),
            LabProblem::Duration { max } => {
                format!("Die Dauer muss 1 bis {} Sekunden betragen.", count(Lang::De, *max))
            }
            LabProblem::TooManyRequests { requests, max } => format!(
                "Das sind {} Anfragen; das Labor führt im Browser höchstens {} aus. Senke die Rate oder die Dauer.",
                count(Lang::De, *requests),
                count(Lang::De, *max)
            ),
            LabProblem::Capacity { max } => format!(
                "RCU und WCU der Labortabelle müssen 1 bis {} betragen (das Standardkontingent pro Tabelle).",
                count(Lang::De, *max)
            ),
            LabProblem::ZipfSkew => {
                "Die Zipf-Schiefe s muss eine Zahl über 0 sein (typisch sind 1 bis 2), höchstens 10.".to_string()
            }
            LabProblem::Engine(message) => message.clone(),
        }
    }

    fn lab_title(&self, title: &LabTitle) -> String {
        match title {
            LabTitle::Before(preset) => format!("Vorher: {}", self.text(*preset)),
            LabTitle::After { shards, prefix } => format!(
                "Nachher: derselbe Traffic auf {shards} Shards {prefix}_0 … {prefix}_{} verteilt",
                shards.saturating_sub(1)
            ),
        }
    }

    fn heat_cell(&self, partition: usize, from: usize, to: usize, consumed: &str, throttled: u64) -> String {
        format!("P{partition} · s {from}–{to} · verbraucht {consumed} · gedrosselt {}", count(Lang::De, throttled))
    }

    fn heat_legend_consumed(&self, limit: Option<&str>, unit: &str) -> String {
        match limit {
            Some(limit) => format!("blau: verbraucht pro Sekunde, von 0 bis {limit} {unit} (Limit einer Partition)"),
            None => format!("blau: verbraucht pro Sekunde ({unit}), dunkler ist mehr"),
        }
    }

    fn heat_share(&self, percent: &str) -> String {
        format!("{percent} % des Partitionslimits")
    }

    fn chart_seconds(&self, from: usize, to: usize) -> String {
        format!("s {from}–{to}")
    }

    fn per_second(&self, unit: &str) -> String {
        format!("{unit} pro Sekunde")
    }

    fn timeline_label(&self, done: u32, seconds: u32, peak: &str, unit: &str, throttled: u64) -> String {
        format!(
            "Verbraucht, provisioniert und gedrosselt pro Sekunde, {done} von {seconds} Sekunden: höchstens {peak} {unit} in einer Sekunde verbraucht, {} {} gedrosselt",
            count(Lang::De, throttled),
            plural(throttled, "Anfrage", "Anfragen")
        )
    }

    fn burst_label(&self, partition: usize, start: &str, lowest: &str, end: &str) -> String {
        format!("Burst-Bucket von P{partition}: {start} Tokens am Anfang, {lowest} am wenigsten, {end} am Ende")
    }

    fn heatmap_label(&self, partitions: usize, done: u32, seconds: usize, throttled_cells: usize) -> String {
        format!(
            "Heatmap: {partitions} {}, {done} von {seconds} Sekunden, {throttled_cells} {} mit Drosselung",
            plural(partitions as u64, "Partition", "Partitionen"),
            plural(throttled_cells as u64, "Zelle", "Zellen")
        )
    }

    fn lab_band_label(&self, partitions: usize) -> String {
        format!(
            "Schlüsselraum der Labortabelle in {partitions} {}",
            plural(partitions as u64, "Partition", "Partitionen")
        )
    }

    fn heat_splits(&self, splits: &[(u64, usize)]) -> String {
        let each: Vec<String> = splits.iter().map(|(second, p)| format!("P{p} in Sekunde {second}")).collect();
        format!("Split wegen Hitze: {}. Die Engine hat die heißesten Schlüssel isoliert.", each.join(", "))
    }

    fn cut_note(&self, chars: u64) -> String {
        format!("({} Zeichen)", count(Lang::De, chars))
    }

    fn string_size(&self, chars: u64, bytes: u64) -> String {
        format!("{} Zeichen, {} {}", count(Lang::De, chars), count(Lang::De, bytes), plural(bytes, "Byte", "Bytes"))
    }

    fn no_such_view(&self, unknown: &str, known: &str) -> String {
        format!("Es gibt keine Ansicht „{unknown}“ zum Einbetten. Verwende embed= mit einer von: {known}.")
    }

    fn span(&self, seconds: u64) -> String {
        // The unit symbols as in English; a day is a "Tag".
        let s = seconds;
        match s {
            0..=59 => format!("{s} s"),
            60..=3599 if s.is_multiple_of(60) => format!("{} min", s / 60),
            60..=3599 => format!("{} min {} s", s / 60, s % 60),
            3600..=86_399 => format!("{} h {} min", s / 3600, s % 3600 / 60),
            _ => format!("{} {} {} h", s / 86_400, plural(s / 86_400, "Tag", "Tage"), s % 86_400 / 3600),
        }
    }

    fn warning(&self, warning: &Warning) -> String {
        let table = |t: &str| format!("Tabelle {t}");
        match warning {
            Warning::VersionAssumed { stated: Some(version) } => {
                format!("Das Modell gibt Version {version} an; es wurde als Version 3.0 gelesen.")
            }
            Warning::VersionAssumed { stated: None } => {
                "Das Modell nennt keine ModelMetadata.Version; es wurde als Version 3.0 gelesen.".to_string()
            }
            Warning::ModelMembersKept { members } => {
                format!("Für den Export aufbewahrt, nicht verwendet: {members} des Modells.")
            }
            Warning::TableKept { table: t, unused } => {
                let parts: Vec<String> = unused
                    .iter()
                    .map(|part| match part {
                        Unused::Facets(n) => format!("{n} {}", plural(*n as u64, "Facet", "Facets")),
                        Unused::Member(member) => member.clone(),
                        Unused::AutoScaling => {
                            "die Auto-Scaling-Einstellungen (der Playground skaliert keine Kapazität)".to_string()
                        }
                        Unused::Unknown(members) => members.clone(),
                        Unused::IndexMembers { members, index } => format!("{members} von Index {index}"),
                    })
                    .collect();
                format!("{}: für den Export aufbewahrt, nicht simuliert: {}.", table(t), parts.join(", "))
            }
            Warning::Renormalised { table: t, changed, items } => format!(
                "{}: {} von {} Items sind so gespeichert, wie DynamoDB sie speichert (Zahlen in ihrer kürzesten \
                 Form, z. B. 0.50 als 0.5; Sets sortiert); ein Export schreibt diese Form.",
                table(t),
                count(Lang::De, *changed as u64),
                count(Lang::De, *items as u64)
            ),
            Warning::Mistyped { table: t, count: n, place, actual, declared } => format!(
                "{}: {} {} einen anderen Typ, als NonKeyAttributes angibt ({place} ist {actual}, angegeben \
                 {declared}); DynamoDB speichert jeden Wert mit seinem eigenen Typ.",
                table(t),
                count(Lang::De, *n as u64),
                plural(*n as u64, "Attributwert hat", "Attributwerte haben")
            ),
            Warning::OnDemandNow { table: t } => format!(
                "{} ist jetzt On-Demand, daher sind ihre ProvisionedCapacitySettings (und Auto Scaling) nicht im \
                 Modell.",
                table(t)
            ),
            Warning::NoBillingMode { table: t, version } => format!(
                "{}: Ein Modell der Version {version} hat keinen Kapazitätsmodus, daher ist ihre provisionierte \
                 Kapazität nicht im Modell (ein Import macht die Tabelle On-Demand).",
                table(t)
            ),
            Warning::SeveralTypes { table: t, attribute, types } => format!(
                "{}: Attribut {attribute} enthält Werte mehrerer Typen ({}); ein Workbench-Modell gibt einen an.",
                table(t),
                types.join(", ")
            ),
            Warning::CannotHold { table: t, lost } => {
                let parts: Vec<String> = lost
                    .iter()
                    .map(|part| match part {
                        Lost::Lsi(name) => format!("den Local Secondary Index {name}"),
                        Lost::Stream(view) => format!("ihren Stream ({view})"),
                        Lost::Ttl(attribute) => format!("Time to Live auf {attribute}"),
                        Lost::TableClass(class) => format!("die Tabellenklasse {class}"),
                        Lost::OwnCapacity(index) => {
                            format!("die eigene Kapazität von Index {index} (ein Modell gibt GSIs die der Tabelle)")
                        }
                        Lost::Tags(n) => format!("ihre {n} Tag(s)"),
                        Lost::DeletionProtection => "ihren Löschschutz".to_string(),
                        Lost::VectorIndex(name) => format!("Vektorindex {name}"),
                        Lost::MoreKeyAttributes { index, attributes } => format!(
                            "die Schlüsselattribute {} von Index {index} (der GSI-Schlüssel eines Modells hat ein \
                             Partition-Key- und ein Sort-Key-Attribut; exportiert wird jeweils das erste)",
                            attributes.join(", ")
                        ),
                    })
                    .collect();
                format!(
                    "{}: Ein Workbench-Modell kann {} nicht aufnehmen; nicht exportiert.",
                    table(t),
                    parts.join(", ")
                )
            }
            Warning::ItemsNotInTemplate { table: t, items } => format!(
                "{}: Ihre {} {} nicht Teil der Vorlage (CloudFormation erzeugt leere Tabellen); das AWS-CLI-Skript \
                 schreibt sie.",
                table(t),
                count(Lang::De, *items as u64),
                plural(*items as u64, "Item ist", "Items sind")
            ),
            Warning::NoTables => {
                "Das Szenario hat keine Tabellen, und CloudFormation lehnt eine Vorlage ohne Ressourcen ab.".to_string()
            }
            Warning::BinaryNeedsCliV2 => {
                "Die Daten enthalten Binärwerte: Führe das Skript mit AWS CLI v2 aus (unter v1 bricht es ab)."
                    .to_string()
            }
        }
    }

    // ---- long text (hardening) ----

    fn text_cut(&self, bytes: &str) -> String {
        format!("… {bytes} weitere Bytes nicht angezeigt.")
    }

    fn code_deferred(&self, bytes: &str) -> String {
        format!("Die Anfrage umfasst {bytes} Bytes JSON, zu lang, um sie hier als Code zu zeigen. Kopieren kopiert ihren Code.")
    }

    fn throttling_reason(&self, on_index: bool, access: Access, limit: LimitType) -> String {
        let what = match access {
            Access::Read => "Lesezugriffe",
            Access::Write => "Schreibzugriffe",
        };
        let on = if on_index { "des Index" } else { "der Tabelle" };
        let limit = match limit {
            LimitType::KeyRangeThroughputExceeded => "das Sekundenlimit einer Partition (heißer Schlüsselbereich)",
            LimitType::ProvisionedThroughputExceeded => "die bereitgestellte Kapazität",
            LimitType::AccountLimitExceeded => "das Kontokontingent pro Tabelle",
            LimitType::MaxOnDemandThroughputExceeded => "das On-Demand-Maximum",
        };
        format!("{what} {on} haben {limit} überschritten")
    }

    fn throttled_for(&self, requests: u64, reason: &str) -> String {
        format!("{} gedrosselt: {reason}", count(Lang::De, requests))
    }
}

/// Said when the browser has no `localStorage`.
const NO_STORAGE: &str = "dieser Browser bietet keinen lokalen Speicher";

/// After a failure that left everything as it was.
const UNCHANGED: &str = "Nichts wurde geändert: Der Playground ist, wie er war.";

/// "das Szenario (12 KB) konnte nicht gespeichert werden: <the browser's words>".
fn storage_failure(failure: &StorageFailure, what: &str) -> String {
    match failure {
        StorageFailure::NoStorage => NO_STORAGE.to_string(),
        StorageFailure::Refused { kb, message } => format!(
            "{what} ({kb} KB) konnte nicht gespeichert werden: {}",
            message.as_deref().unwrap_or("der Browser hat abgelehnt")
        ),
    }
}

/// `text` with its first letter upper-case (the texts it is given begin
/// with an ASCII letter; clippy.toml keeps Unicode case tables out).
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

/// Why a fetched file did not arrive.
pub(super) fn fetch_failure(reason: &FetchFailure) -> String {
    match reason {
        FetchFailure::NoWindow => "kein Fenster".to_string(),
        FetchFailure::Network => "die Netzwerkanfrage ist fehlgeschlagen".to_string(),
        FetchFailure::NoResponse => "keine Antwort".to_string(),
        FetchFailure::Http(status) => format!("HTTP {status}"),
        FetchFailure::NoBody => "kein Body".to_string(),
        FetchFailure::BodyLost => "der Body ist nicht angekommen".to_string(),
        FetchFailure::NotText => "der Body ist kein Text".to_string(),
        FetchFailure::TimedOut(seconds) => format!("die Anfrage wurde nach {seconds} Sekunden abgebrochen"),
    }
}
