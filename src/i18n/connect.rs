//! The connect page's words (`ui::connect`): the connection, comparing
//! answers, and what to check when an endpoint does not answer, one
//! [`ConnectWords`] per language. A struct literal must name every field,
//! so a text added in English and forgotten in German or Japanese does not
//! compile, as with the [`Catalogue`](super::catalogue::Catalogue).
//!
//! DynamoDB's vocabulary (operation and exception names, `ConsumedCapacity`,
//! member names) stays as it is; an endpoint's message is passed on as the
//! endpoint sent it.

use super::lang::Lang;

/// The connect page's words in one language.
pub struct ConnectWords {
    // ---- the page ----
    pub page_title: &'static str,
    pub page_intro: &'static str,
    pub back: &'static str,
    /// `(tables)`, spelled.
    pub playground_read: fn(&str) -> String,
    pub reread: &'static str,
    // ---- the connection ----
    pub connection_title: &'static str,
    pub endpoint_label: &'static str,
    pub region_label: &'static str,
    pub key_id_label: &'static str,
    pub secret_label: &'static str,
    pub token_label: &'static str,
    pub credentials_note: &'static str,
    pub connect: &'static str,
    pub connecting: &'static str,
    pub disconnect: &'static str,
    /// `(url, region, access key id)`.
    pub connected: fn(&str, &str, &str) -> String,
    /// `(table names joined)`.
    pub endpoint_tables: fn(&str) -> String,
    pub no_tables: &'static str,
    pub not_connected: &'static str,
    // ---- an address or credentials refused before sending ----
    pub problem_empty: &'static str,
    pub problem_scheme: &'static str,
    pub problem_host: &'static str,
    pub problem_path: &'static str,
    pub problem_not_https: &'static str,
    pub problem_region: &'static str,
    /// `(the endpoint's region)`.
    pub region_mismatch: fn(&str) -> String,
    pub problem_key: &'static str,
    // ---- an endpoint's failures, and what to check ----
    /// `(the browser's reason)`.
    pub failure_unreachable: fn(&str) -> String,
    /// `(HTTP status, start of the body)`.
    pub failure_foreign: fn(&str, &str) -> String,
    pub advice_reach: &'static str,
    pub advice_credentials: &'static str,
    pub advice_permission: &'static str,
    pub advice_missing: &'static str,
    pub advice_throttled: &'static str,
    pub advice_request: &'static str,
    pub advice_not_dynamodb: &'static str,
    // ---- compare ----
    pub compare_title: &'static str,
    pub compare_intro: &'static str,
    pub operation_label: &'static str,
    pub request_label: &'static str,
    pub load_label: &'static str,
    pub load_none: &'static str,
    pub saved_group: &'static str,
    pub patterns_group: &'static str,
    pub run_both: &'static str,
    pub running: &'static str,
    pub units_added: &'static str,
    pub playground_side: &'static str,
    pub endpoint_side: &'static str,
    pub same: &'static str,
    /// `(differences)`, spelled.
    pub differences: fn(&str) -> String,
    /// `(the endpoint's exception)`.
    pub diff_endpoint_refused: fn(&str) -> String,
    /// `(the playground's exception)`.
    pub diff_playground_refused: fn(&str) -> String,
    /// `(here, there)`.
    pub diff_error_type: fn(&str, &str) -> String,
    /// `(here, there)`.
    pub diff_error_message: fn(&str, &str) -> String,
    /// `(member, items only here, items only there)`, spelled.
    pub diff_items: fn(&str, &str, &str) -> String,
    /// `(member)`.
    pub diff_order: fn(&str) -> String,
    /// `(member or units' name, here, there)`.
    pub diff_value: fn(&str, &str, &str) -> String,
    pub absent: &'static str,
    /// `(the parser's message)`.
    pub not_json: fn(&str) -> String,
    pub not_object: &'static str,
    // ---- access patterns ----
    pub patterns_title: &'static str,
    pub patterns_intro: &'static str,
    pub compare_all: &'static str,
    pub compare_one: &'static str,
    pub pattern_same: &'static str,
    pub pattern_failed: &'static str,
    pub no_patterns: &'static str,
    // ---- deploy ----
    pub deploy_title: &'static str,
    pub deploy_intro: &'static str,
    /// `(table, items, indexes)`, spelled.
    pub deploy_table: fn(&str, &str, &str) -> String,
    /// `(table)`.
    pub exists_on_endpoint: fn(&str) -> String,
    /// `(write units, dollars)`, spelled.
    pub deploy_cost: fn(&str, &str) -> String,
    /// `(vector indexes)`, spelled.
    pub leave_out_vectors: fn(&str) -> String,
    pub deploy_button: &'static str,
    pub cancel: &'static str,
    /// `(table)`.
    pub creating: fn(&str) -> String,
    /// `(table)`.
    pub waiting_active: fn(&str) -> String,
    /// `(table, written, total)`, spelled.
    pub writing: fn(&str, &str, &str) -> String,
    /// `(tables, items)`, spelled.
    pub deployed: fn(&str, &str) -> String,
    /// `(predicted, reported)` write units, spelled.
    pub units_reported: fn(&str, &str) -> String,
    /// `(items written)`, spelled.
    pub deploy_cancelled: fn(&str) -> String,
    /// `(items written)`, spelled.
    pub deploy_stopped: fn(&str) -> String,
    /// `(table names joined)`.
    pub confirm_missing: fn(&str) -> String,
    pub nothing_to_deploy: &'static str,
    // ---- import ----
    pub import_title: &'static str,
    pub import_intro: &'static str,
    pub import_table_label: &'static str,
    pub describe: &'static str,
    pub refresh: &'static str,
    /// `(table, items, size, GSIs, LSIs)`, spelled.
    pub import_described: fn(&str, &str, &str, &str, &str, &str) -> String,
    pub limit_items_label: &'static str,
    pub limit_mb_label: &'static str,
    /// `(size, items, read units, dollars)`, spelled.
    pub import_estimate: fn(&str, &str, &str, &str) -> String,
    pub import_button: &'static str,
    /// `(items, read units)`, spelled.
    pub import_reading: fn(&str, &str) -> String,
    /// `(items, table, read units)`, spelled.
    pub imported: fn(&str, &str, &str) -> String,
    /// `(workspace)`.
    pub import_saved: fn(&str) -> String,
    pub import_not_saved: &'static str,
    pub open_playground: &'static str,
    pub import_cancelled: &'static str,
    /// `(the engine's or the reader's message)`.
    pub import_refused: fn(&str) -> String,
}

impl Lang {
    /// The connect page's words in this language.
    pub fn connect(self) -> &'static ConnectWords {
        match self {
            Lang::En => &EN,
            Lang::De => &DE,
            Lang::Ja => &JA,
        }
    }
}

const EN: ConnectWords = ConnectWords {
    page_title: "Connect to an endpoint",
    page_intro: "Deploy the playground's tables to a real DynamoDB endpoint (DynamoDB in an AWS region, DynamoDB \
                 Local, or ddb-local), bring the endpoint's tables in, and compare, request by request, the results and \
                 the capacity consumed. This page has its own download, so the playground stays small for everyone \
                 who never connects.",
    back: "← Back to the playground",
    playground_read: |tables| {
        format!(
            "The playground saved in this browser is read (tables: {tables}). Requests here run on a copy of it; the \
             playground itself is not changed."
        )
    },
    reread: "Read the playground again",
    connection_title: "Connection",
    endpoint_label: "Endpoint URL",
    region_label: "Region",
    key_id_label: "Access key ID",
    secret_label: "Secret access key",
    token_label: "Session token (temporary credentials only)",
    credentials_note: "Credentials stay in this tab's memory: never saved, never in a link, an export or a log, and \
                       gone when the page is reloaded. Requests are signed in the page (Signature Version 4) and go \
                       only to the endpoint above, and only when you click.",
    connect: "Connect",
    connecting: "Connecting…",
    disconnect: "Disconnect",
    connected: |url, region, key| format!("Connected to {url} ({region}) as {key}"),
    endpoint_tables: |names| format!("Tables on the endpoint: {names}"),
    no_tables: "The endpoint has no tables yet.",
    not_connected: "Not connected: nothing is sent until you connect.",
    problem_empty: "Enter the endpoint's URL, such as http://localhost:8000 or https://dynamodb.eu-west-1.amazonaws.com.",
    problem_scheme: "The URL must start with https:// (or http:// for an endpoint on this computer).",
    problem_host: "The URL's host is not a host name or address (or its port is not a number from 1 to 65535).",
    problem_path: "An endpoint is a host's root: leave out any path, query or user name.",
    problem_not_https: "Requests that leave this computer must use https://: plain http:// is only for localhost, \
                        127.0.0.1 and [::1].",
    problem_region: "Enter a region, such as us-east-1 (lower-case letters, digits and dashes).",
    region_mismatch: |region| {
        format!("This endpoint is in {region}: the region must be {region}, or DynamoDB refuses the signature.")
    },
    problem_key: "Enter an access key ID and a secret access key (for DynamoDB Local and ddb-local, any non-empty \
                  values do).",
    failure_unreachable: |reason| format!("No answer from the endpoint ({reason})."),
    failure_foreign: |status, start| format!("The endpoint answered HTTP {status}, not as DynamoDB does: {start}"),
    advice_reach: "Check that the endpoint is running and that the URL and port are right. ddb-local answers pages \
                   on localhost by default (--allow-origin adds others); DynamoDB Local answers any page unless its \
                   -cors list leaves this page's origin out.",
    advice_credentials: "Check the access key ID, the secret, the session token (temporary credentials expire) and \
                         the region.",
    advice_permission: "The credentials are valid, but their IAM policy does not allow this action on this table.",
    advice_missing: "The table (or index) is not on the endpoint: create it there first.",
    advice_throttled: "The endpoint is throttling: wait a moment and try again, or give the table more capacity.",
    advice_request: "The endpoint refused the request itself: its message says why.",
    advice_not_dynamodb: "Check the URL: what answers there is not a DynamoDB endpoint.",
    compare_title: "Compare",
    compare_intro: "Run a request on the playground and on the endpoint together: both results and both \
                    ConsumedCapacity side by side, and every difference flagged. A write changes the playground's \
                    copy on this page and the endpoint's table.",
    operation_label: "Operation",
    request_label: "Request (JSON)",
    load_label: "Start from",
    load_none: "(a request of your own)",
    saved_group: "Saved requests",
    patterns_group: "Access patterns",
    run_both: "Run on both",
    running: "Running…",
    units_added: "ReturnConsumedCapacity: TOTAL was added to the request, so that the units can be compared.",
    playground_side: "Playground",
    endpoint_side: "Endpoint",
    same: "The same result and the same capacity units.",
    differences: |n| format!("Differences: {n}"),
    diff_endpoint_refused: |exception| format!("The playground answered; the endpoint refused with {exception}."),
    diff_playground_refused: |exception| format!("The endpoint answered; the playground refused with {exception}."),
    diff_error_type: |here, there| format!("Different exceptions: {here} here, {there} there."),
    diff_error_message: |here, there| format!("The same exception in other words: here “{here}”, there “{there}”."),
    diff_items: |member, here, there| {
        format!("{member}: items only in the playground's answer: {here}; only in the endpoint's: {there}.")
    },
    diff_order: |member| format!("{member}: the same items in another order."),
    diff_value: |name, here, there| format!("{name}: {here} here, {there} there."),
    absent: "(absent)",
    not_json: |why| format!("The request is not JSON ({why}): nothing was sent."),
    not_object: "The request must be a JSON object: nothing was sent.",
    patterns_title: "Access patterns",
    patterns_intro: "Each access pattern's request, run once on both.",
    compare_all: "Compare every pattern",
    compare_one: "Compare",
    pattern_same: "Same",
    pattern_failed: "No answer",
    no_patterns: "The playground has no access patterns: save them in its design review.",
    deploy_title: "Deploy",
    deploy_intro: "Create the playground's tables on the endpoint, as they are here (keys, GSIs, LSIs and vector \
                   indexes, capacity mode and capacity, TTL, stream, table class), wait until each is ACTIVE, then write their items \
                   with BatchWriteItem.",
    deploy_table: |table, items, indexes| format!("{table} (items: {items}, indexes: {indexes})"),
    exists_on_endpoint: |table| {
        format!("{table} exists on the endpoint. Type its name to write the items into it (it is not created again):")
    },
    deploy_cost: |units, dollars| {
        format!("The writes consume {units} write request units: {dollars} on demand (us-east-1 prices).")
    },
    leave_out_vectors: |count| {
        format!(
            "Leave out the vector indexes (vector indexes: {count}), for an endpoint without vector search: the \
             items keep their vectors."
        )
    },
    deploy_button: "Deploy",
    cancel: "Cancel",
    creating: |table| format!("Creating {table}…"),
    waiting_active: |table| format!("Waiting until {table} is ACTIVE…"),
    writing: |table, written, total| format!("Writing {table} (items written: {written} of {total})…"),
    deployed: |tables, items| format!("Deployed (tables: {tables}, items: {items})."),
    units_reported: |predicted, reported| {
        format!("Write units predicted by the playground: {predicted}; reported by the endpoint: {reported}.")
    },
    deploy_cancelled: |items| format!("Cancelled (items written: {items})."),
    deploy_stopped: |items| format!("The deployment stopped (items written: {items})."),
    confirm_missing: |names| format!("Already on the endpoint: {names}. Type each name above to write into it."),
    nothing_to_deploy: "The playground has no tables to deploy.",
    import_title: "Import",
    import_intro: "Bring one of the endpoint's tables into the playground: its keys and indexes, and its items up to a \
                   limit, to see its partitions, item collections, GSI contents and hot keys, and review its access \
                   patterns.",
    import_table_label: "Table on the endpoint",
    describe: "Describe",
    refresh: "List the endpoint's tables again",
    import_described: |table, items, size, gsis, lsis, vectors| {
        format!(
            "{table} (items: {items}, size: {size}, DynamoDB's figures, updated about every six hours; GSIs: {gsis}, \
             LSIs: {lsis}, vector indexes: {vectors})."
        )
    },
    limit_items_label: "Items, at most",
    limit_mb_label: "MB, at most",
    import_estimate: |size, items, units, dollars| {
        format!(
            "The Scan reads about {size} (items: {items}): about {units} read units, eventually consistent, {dollars} \
             on demand."
        )
    },
    import_button: "Import",
    import_reading: |items, units| format!("Scanning (items read: {items}, read units: {units})…"),
    imported: |items, table, units| {
        format!("Imported from {table} (items: {items}); the endpoint reported {units} read units.")
    },
    import_saved: |name| {
        format!(
            "Saved as the workspace “{name}”: open it in the playground from Workspaces ▾. This page works on it now \
             too."
        )
    },
    import_not_saved: "The browser did not let it be saved as a workspace; this page works on it now.",
    open_playground: "Open the playground",
    import_cancelled: "Import cancelled: nothing was kept.",
    import_refused: |why| format!("The playground cannot hold this table: {why}"),
};

const DE: ConnectWords = ConnectWords {
    page_title: "Mit einem Endpoint verbinden",
    page_intro: "Stellen Sie die Tabellen des Playgrounds an einem echten DynamoDB-Endpoint bereit (DynamoDB in \
                 einer AWS-Region, DynamoDB Local oder ddb-local), holen Sie die Tabellen des Endpoints herein, und \
                 vergleichen Sie Request für Request die Ergebnisse und die verbrauchte Kapazität. Diese Seite wird eigens geladen, damit der Playground für alle klein \
                 bleibt, die sich nie verbinden.",
    back: "← Zurück zum Playground",
    playground_read: |tables| {
        format!(
            "Gelesen wird der in diesem Browser gespeicherte Playground (Tabellen: {tables}). Requests laufen hier auf \
             einer Kopie; der Playground selbst bleibt unverändert."
        )
    },
    reread: "Playground neu lesen",
    connection_title: "Verbindung",
    endpoint_label: "Endpoint-URL",
    region_label: "Region",
    key_id_label: "Access Key ID",
    secret_label: "Secret Access Key",
    token_label: "Session Token (nur bei temporären Zugangsdaten)",
    credentials_note: "Zugangsdaten bleiben im Speicher dieses Tabs: nie gespeichert, nie in einem Link, einem Export \
                       oder einem Protokoll, und nach dem Neuladen der Seite weg. Requests werden in der Seite signiert \
                       (Signature Version 4) und gehen nur an den Endpoint oben, und nur auf Ihren Klick.",
    connect: "Verbinden",
    connecting: "Verbinde…",
    disconnect: "Trennen",
    connected: |url, region, key| format!("Verbunden mit {url} ({region}) als {key}"),
    endpoint_tables: |names| format!("Tabellen am Endpoint: {names}"),
    no_tables: "Der Endpoint hat noch keine Tabellen.",
    not_connected: "Nicht verbunden: Nichts wird gesendet, bevor Sie sich verbinden.",
    problem_empty: "Geben Sie die URL des Endpoints ein, etwa http://localhost:8000 oder \
                    https://dynamodb.eu-west-1.amazonaws.com.",
    problem_scheme: "Die URL muss mit https:// beginnen (oder mit http:// für einen Endpoint auf diesem Rechner).",
    problem_host: "Der Host der URL ist kein Hostname und keine Adresse (oder der Port ist keine Zahl von 1 bis \
                   65535).",
    problem_path: "Ein Endpoint ist die Wurzel eines Hosts: Lassen Sie Pfad, Query und Benutzernamen weg.",
    problem_not_https: "Requests, die diesen Rechner verlassen, brauchen https://: Einfaches http:// gibt es nur für \
                        localhost, 127.0.0.1 und [::1].",
    problem_region: "Geben Sie eine Region ein, etwa us-east-1 (Kleinbuchstaben, Ziffern und Bindestriche).",
    region_mismatch: |region| {
        format!(
            "Dieser Endpoint liegt in {region}: Die Region muss {region} sein, sonst lehnt DynamoDB die Signatur ab."
        )
    },
    problem_key: "Geben Sie eine Access Key ID und einen Secret Access Key ein (für DynamoDB Local und ddb-local \
                  genügen beliebige nicht leere Werte).",
    failure_unreachable: |reason| format!("Keine Antwort vom Endpoint ({reason})."),
    failure_foreign: |status, start| {
        format!("Der Endpoint antwortete mit HTTP {status}, nicht so wie DynamoDB: {start}")
    },
    advice_reach: "Prüfen Sie, ob der Endpoint läuft und URL und Port stimmen. ddb-local antwortet standardmäßig \
                   Seiten auf localhost (--allow-origin erlaubt weitere); DynamoDB Local antwortet jeder Seite, es sei \
                   denn, seine -cors-Liste lässt den Origin dieser Seite aus.",
    advice_credentials: "Prüfen Sie Access Key ID, Secret, Session Token (temporäre Zugangsdaten laufen ab) und \
                         Region.",
    advice_permission: "Die Zugangsdaten sind gültig, aber ihre IAM-Policy erlaubt diese Aktion auf dieser Tabelle \
                        nicht.",
    advice_missing: "Die Tabelle (oder der Index) existiert am Endpoint nicht: Legen Sie sie dort zuerst an.",
    advice_throttled: "Der Endpoint drosselt: Warten Sie kurz und versuchen Sie es erneut, oder geben Sie der \
                       Tabelle mehr Kapazität.",
    advice_request: "Der Endpoint hat den Request selbst abgelehnt: Seine Meldung sagt, warum.",
    advice_not_dynamodb: "Prüfen Sie die URL: Was dort antwortet, ist kein DynamoDB-Endpoint.",
    compare_title: "Vergleichen",
    compare_intro: "Führen Sie einen Request auf dem Playground und am Endpoint zugleich aus: beide Ergebnisse und \
                    beide ConsumedCapacity nebeneinander, jeder Unterschied markiert. Ein Schreibzugriff ändert die \
                    Kopie des Playgrounds auf dieser Seite und die Tabelle am Endpoint.",
    operation_label: "Operation",
    request_label: "Request (JSON)",
    load_label: "Ausgehend von",
    load_none: "(eigener Request)",
    saved_group: "Gespeicherte Requests",
    patterns_group: "Zugriffsmuster",
    run_both: "Auf beiden ausführen",
    running: "Läuft…",
    units_added: "ReturnConsumedCapacity: TOTAL wurde dem Request hinzugefügt, damit sich die Einheiten vergleichen \
                  lassen.",
    playground_side: "Playground",
    endpoint_side: "Endpoint",
    same: "Dasselbe Ergebnis und dieselben Kapazitätseinheiten.",
    differences: |n| format!("Unterschiede: {n}"),
    diff_endpoint_refused: |exception| {
        format!("Der Playground hat geantwortet; der Endpoint hat mit {exception} abgelehnt.")
    },
    diff_playground_refused: |exception| {
        format!("Der Endpoint hat geantwortet; der Playground hat mit {exception} abgelehnt.")
    },
    diff_error_type: |here, there| format!("Verschiedene Exceptions: hier {here}, dort {there}."),
    diff_error_message: |here, there| {
        format!("Dieselbe Exception mit anderen Worten: hier „{here}“, dort „{there}“.")
    },
    diff_items: |member, here, there| {
        format!("{member}: Items nur in der Antwort des Playgrounds: {here}; nur in der des Endpoints: {there}.")
    },
    diff_order: |member| format!("{member}: dieselben Items in anderer Reihenfolge."),
    diff_value: |name, here, there| format!("{name}: hier {here}, dort {there}."),
    absent: "(fehlt)",
    not_json: |why| format!("Der Request ist kein JSON ({why}): Nichts wurde gesendet."),
    not_object: "Der Request muss ein JSON-Objekt sein: Nichts wurde gesendet.",
    patterns_title: "Zugriffsmuster",
    patterns_intro: "Der Request jedes Zugriffsmusters, einmal auf beiden ausgeführt.",
    compare_all: "Alle Muster vergleichen",
    compare_one: "Vergleichen",
    pattern_same: "Gleich",
    pattern_failed: "Keine Antwort",
    no_patterns: "Der Playground hat keine Zugriffsmuster: Speichern Sie sie in seinem Design-Review.",
    deploy_title: "Bereitstellen",
    deploy_intro: "Legen Sie die Tabellen des Playgrounds am Endpoint so an, wie sie hier sind (Schlüssel, GSIs, \
                   LSIs und Vektorindizes, Kapazitätsmodus und Kapazität, TTL, Stream, Tabellenklasse), warten Sie, bis jede ACTIVE ist, \
                   und schreiben Sie dann ihre Items mit BatchWriteItem.",
    deploy_table: |table, items, indexes| format!("{table} (Items: {items}, Indizes: {indexes})"),
    exists_on_endpoint: |table| {
        format!(
            "{table} existiert am Endpoint. Geben Sie den Namen ein, um die Items hineinzuschreiben (die Tabelle wird \
             nicht neu angelegt):"
        )
    },
    deploy_cost: |units, dollars| {
        format!("Die Schreibzugriffe verbrauchen {units} Write Request Units: {dollars} bei On-Demand (Preise von us-east-1).")
    },
    leave_out_vectors: |count| {
        format!(
            "Vektorindizes weglassen (Vektorindizes: {count}), für einen Endpoint ohne Vektorsuche: Die Items \
             behalten ihre Vektoren."
        )
    },
    deploy_button: "Bereitstellen",
    cancel: "Abbrechen",
    creating: |table| format!("Lege {table} an…"),
    waiting_active: |table| format!("Warte, bis {table} ACTIVE ist…"),
    writing: |table, written, total| format!("Schreibe {table} (Items geschrieben: {written} von {total})…"),
    deployed: |tables, items| format!("Bereitgestellt (Tabellen: {tables}, Items: {items})."),
    units_reported: |predicted, reported| {
        format!("Vom Playground vorhergesagte Write Units: {predicted}; vom Endpoint gemeldet: {reported}.")
    },
    deploy_cancelled: |items| format!("Abgebrochen (Items geschrieben: {items})."),
    deploy_stopped: |items| format!("Die Bereitstellung hat angehalten (Items geschrieben: {items})."),
    confirm_missing: |names| {
        format!("Schon am Endpoint: {names}. Geben Sie oben jeden Namen ein, um hineinzuschreiben.")
    },
    nothing_to_deploy: "Der Playground hat keine Tabellen zum Bereitstellen.",
    import_title: "Importieren",
    import_intro: "Holen Sie eine Tabelle des Endpoints in den Playground: ihre Schlüssel und Indizes und ihre Items \
                   bis zu einer Grenze, um ihre Partitionen, Item Collections, GSI-Inhalte und Hot Keys zu sehen und \
                   ihre Zugriffsmuster zu prüfen.",
    import_table_label: "Tabelle am Endpoint",
    describe: "Beschreiben",
    refresh: "Tabellen des Endpoints neu auflisten",
    import_described: |table, items, size, gsis, lsis, vectors| {
        format!(
            "{table} (Items: {items}, Größe: {size}, Angaben von DynamoDB, etwa alle sechs Stunden aktualisiert; GSIs: \
             {gsis}, LSIs: {lsis}, Vektorindizes: {vectors})."
        )
    },
    limit_items_label: "Höchstens Items",
    limit_mb_label: "Höchstens MB",
    import_estimate: |size, items, units, dollars| {
        format!(
            "Der Scan liest etwa {size} (Items: {items}): etwa {units} Read Units, eventually consistent, {dollars} \
             bei On-Demand."
        )
    },
    import_button: "Importieren",
    import_reading: |items, units| format!("Scan läuft (Items gelesen: {items}, Read Units: {units})…"),
    imported: |items, table, units| {
        format!("Aus {table} importiert (Items: {items}); der Endpoint meldete {units} Read Units.")
    },
    import_saved: |name| {
        format!(
            "Als Workspace „{name}“ gespeichert: Öffnen Sie ihn im Playground über Workspaces ▾. Diese Seite arbeitet \
             jetzt auch damit."
        )
    },
    import_not_saved: "Der Browser hat das Speichern als Workspace nicht erlaubt; diese Seite arbeitet jetzt damit.",
    open_playground: "Playground öffnen",
    import_cancelled: "Import abgebrochen: Nichts wurde behalten.",
    import_refused: |why| format!("Der Playground kann diese Tabelle nicht aufnehmen: {why}"),
};

const JA: ConnectWords = ConnectWords {
    page_title: "エンドポイントに接続",
    page_intro: "プレイグラウンドのテーブルを実際の DynamoDB エンドポイント (AWS リージョンの DynamoDB、DynamoDB \
                 Local、ddb-local) にデプロイし、エンドポイントのテーブルを取り込み、結果と消費キャパシティをリクエストごとに\
                 比べます。このページは別に読み込まれるので、\
                 接続しない人にとってプレイグラウンドは小さいままです。",
    back: "← プレイグラウンドへ",
    playground_read: |tables| {
        format!(
            "このブラウザーに保存されたプレイグラウンドを読み込みました: テーブル {tables} 個。ここでのリクエストはその\
             コピーで実行され、プレイグラウンド自体は変わりません。"
        )
    },
    reread: "プレイグラウンドを読み込み直す",
    connection_title: "接続",
    endpoint_label: "エンドポイント URL",
    region_label: "リージョン",
    key_id_label: "アクセスキー ID",
    secret_label: "シークレットアクセスキー",
    token_label: "セッショントークン (一時的な認証情報のみ)",
    credentials_note: "認証情報はこのタブのメモリにだけ置かれます。保存されず、リンク・エクスポート・ログにも入らず、\
                       ページを再読み込みすると消えます。リクエストはページ内で署名され (Signature Version 4)、\
                       上のエンドポイントにだけ、クリックしたときにだけ送られます。",
    connect: "接続",
    connecting: "接続中…",
    disconnect: "切断",
    connected: |url, region, key| format!("{url} ({region}) に {key} として接続中"),
    endpoint_tables: |names| format!("エンドポイントのテーブル: {names}"),
    no_tables: "エンドポイントにはまだテーブルがありません。",
    not_connected: "未接続: 接続するまで何も送られません。",
    problem_empty: "エンドポイントの URL を入力してください (例: http://localhost:8000、\
                    https://dynamodb.eu-west-1.amazonaws.com)。",
    problem_scheme: "URL は https:// で始めてください (このコンピューター上のエンドポイントなら http:// も可)。",
    problem_host: "URL のホストがホスト名またはアドレスではありません (またはポートが 1〜65535 の数ではありません)。",
    problem_path: "エンドポイントはホストのルートです。パス・クエリ・ユーザー名は付けないでください。",
    problem_not_https: "このコンピューターの外へ出るリクエストには https:// が必要です。http:// は localhost、\
                        127.0.0.1、[::1] だけです。",
    problem_region: "リージョンを入力してください (例: us-east-1。小文字・数字・ハイフン)。",
    region_mismatch: |region| {
        format!("このエンドポイントは {region} にあります。リージョンを {region} にしないと DynamoDB は署名を拒否します。")
    },
    problem_key: "アクセスキー ID とシークレットアクセスキーを入力してください (DynamoDB Local と ddb-local \
                  では空でない任意の値で構いません)。",
    failure_unreachable: |reason| format!("エンドポイントから応答がありません ({reason})。"),
    failure_foreign: |status, start| {
        format!("エンドポイントは HTTP {status} で応答しましたが、DynamoDB の応答ではありません: {start}")
    },
    advice_reach: "エンドポイントが動いているか、URL とポートが正しいか確認してください。ddb-local は既定で localhost \
                   のページに応答します (--allow-origin で追加)。DynamoDB Local は -cors の一覧がこのページの\
                   オリジンを除いていない限り、どのページにも応答します。",
    advice_credentials: "アクセスキー ID、シークレット、セッショントークン (一時的な認証情報には期限があります)、\
                         リージョンを確認してください。",
    advice_permission: "認証情報は有効ですが、その IAM ポリシーがこのテーブルへのこの操作を許可していません。",
    advice_missing: "テーブル (またはインデックス) がエンドポイントにありません。先にそちらで作成してください。",
    advice_throttled: "エンドポイントがスロットリングしています。少し待って再試行するか、テーブルのキャパシティを増やして\
                       ください。",
    advice_request: "エンドポイントがリクエスト自体を拒否しました。理由はメッセージのとおりです。",
    advice_not_dynamodb: "URL を確認してください。そこで応答しているのは DynamoDB エンドポイントではありません。",
    compare_title: "比較",
    compare_intro: "リクエストをプレイグラウンドとエンドポイントで同時に実行します。両方の結果と ConsumedCapacity \
                    を並べ、違いをすべて示します。書き込みはこのページのプレイグラウンドのコピーとエンドポイントの\
                    テーブルを変更します。",
    operation_label: "オペレーション",
    request_label: "リクエスト (JSON)",
    load_label: "読み込む",
    load_none: "(自分のリクエスト)",
    saved_group: "保存したリクエスト",
    patterns_group: "アクセスパターン",
    run_both: "両方で実行",
    running: "実行中…",
    units_added: "ユニットを比べられるよう、リクエストに ReturnConsumedCapacity: TOTAL を加えました。",
    playground_side: "プレイグラウンド",
    endpoint_side: "エンドポイント",
    same: "結果もキャパシティユニットも同じです。",
    differences: |n| format!("違い: {n} 件"),
    diff_endpoint_refused: |exception| {
        format!("プレイグラウンドは応答し、エンドポイントは {exception} で拒否しました。")
    },
    diff_playground_refused: |exception| {
        format!("エンドポイントは応答し、プレイグラウンドは {exception} で拒否しました。")
    },
    diff_error_type: |here, there| format!("例外が違います: こちらは {here}、あちらは {there}。"),
    diff_error_message: |here, there| format!("同じ例外で文言が違います: こちらは「{here}」、あちらは「{there}」。"),
    diff_items: |member, here, there| {
        format!("{member}: プレイグラウンドの応答にだけある項目 {here} 件、エンドポイントの応答にだけある項目 {there} 件。")
    },
    diff_order: |member| format!("{member}: 同じ項目が別の順序で返りました。"),
    diff_value: |name, here, there| format!("{name}: こちらは {here}、あちらは {there}。"),
    absent: "(なし)",
    not_json: |why| format!("リクエストが JSON ではありません ({why})。何も送っていません。"),
    not_object: "リクエストは JSON オブジェクトにしてください。何も送っていません。",
    patterns_title: "アクセスパターン",
    patterns_intro: "各アクセスパターンのリクエストを、両方で1回ずつ実行します。",
    compare_all: "すべてのパターンを比較",
    compare_one: "比較",
    pattern_same: "同じ",
    pattern_failed: "応答なし",
    no_patterns: "プレイグラウンドにアクセスパターンがありません。設計レビューで保存してください。",
    deploy_title: "デプロイ",
    deploy_intro: "プレイグラウンドのテーブルを、ここにあるとおり (キー、GSI、LSI とベクトルインデックス、キャパシティモードとキャパシティ、TTL、\
                   ストリーム、テーブルクラス) エンドポイントに作成し、それぞれが ACTIVE になるのを待ってから、項目を \
                   BatchWriteItem で書き込みます。",
    deploy_table: |table, items, indexes| format!("{table}: 項目 {items} 件、インデックス {indexes} 個"),
    exists_on_endpoint: |table| {
        format!("{table} はエンドポイントにすでにあります。項目を書き込むには名前を入力してください (作り直しはしません):")
    },
    deploy_cost: |units, dollars| {
        format!("書き込みは書き込みリクエストユニットを {units} 消費します: オンデマンドで {dollars} (us-east-1 の料金)。")
    },
    leave_out_vectors: |count| {
        format!("ベクトルインデックス ({count} 個) を作らない (ベクトル検索のないエンドポイント向け)。項目のベクトルはそのまま書き込みます。")
    },
    deploy_button: "デプロイ",
    cancel: "キャンセル",
    creating: |table| format!("{table} を作成中…"),
    waiting_active: |table| format!("{table} が ACTIVE になるのを待っています…"),
    writing: |table, written, total| format!("{table} に書き込み中: {total} 件中 {written} 件…"),
    deployed: |tables, items| format!("テーブル {tables} 個と項目 {items} 件をデプロイしました。"),
    units_reported: |predicted, reported| {
        format!("プレイグラウンドが予測した書き込みユニット: {predicted}、エンドポイントの報告: {reported}。")
    },
    deploy_cancelled: |items| format!("項目 {items} 件を書き込んだところでキャンセルしました。"),
    deploy_stopped: |items| format!("項目 {items} 件を書き込んだところでデプロイが止まりました。"),
    confirm_missing: |names| format!("エンドポイントにすでにあります: {names}。書き込むには上でそれぞれの名前を入力してください。"),
    nothing_to_deploy: "プレイグラウンドにデプロイするテーブルがありません。",
    import_title: "インポート",
    import_intro: "エンドポイントのテーブルを1つプレイグラウンドに取り込みます。キーとインデックス、上限までの項目を取り込み、\
                   パーティション、項目コレクション、GSI の中身、ホットキーを見たり、アクセスパターンをレビューしたりできます。",
    import_table_label: "エンドポイントのテーブル",
    describe: "説明を読む",
    refresh: "エンドポイントのテーブルを一覧し直す",
    import_described: |table, items, size, gsis, lsis, vectors| {
        format!(
            "{table}: 項目 {items} 件、{size} (DynamoDB の数値で、約6時間ごとに更新); GSI {gsis} 個、LSI {lsis} 個、\
             ベクトルインデックス {vectors} 個。"
        )
    },
    limit_items_label: "項目数の上限",
    limit_mb_label: "MB の上限",
    import_estimate: |size, items, units, dollars| {
        format!("Scan は約 {size} (項目 {items} 件) を読みます: 結果整合性で約 {units} 読み込みユニット、オンデマンドで {dollars}。")
    },
    import_button: "インポート",
    import_reading: |items, units| format!("Scan 中: 項目 {items} 件、読み込みユニット {units}…"),
    imported: |items, table, units| {
        format!("{table} の項目 {items} 件をインポートしました。エンドポイントの報告は読み込みユニット {units} です。")
    },
    import_saved: |name| {
        format!("ワークスペース「{name}」として保存しました。プレイグラウンドの Workspaces ▾ から開けます。このページもいまはこれを使います。")
    },
    import_not_saved: "ブラウザーがワークスペースとしての保存を許可しませんでした。このページはいまこれを使います。",
    open_playground: "プレイグラウンドを開く",
    import_cancelled: "インポートをキャンセルしました。何も残していません。",
    import_refused: |why| format!("プレイグラウンドはこのテーブルを扱えません: {why}"),
};
