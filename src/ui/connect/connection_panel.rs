//! The connection form: an endpoint's URL, the region, and credentials, held
//! in this component's state only (never saved, never in a link), checked
//! before anything is sent, then tried with one `ListTables` on *Connect*.
//!
//! While connected the form gives way to the target, always on screen
//! ([`ConnectedBar`]), whose *Disconnect* also forgets the secret and the
//! token typed.

use std::rc::Rc;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::client;
use super::failure_view::failure_view;
use crate::connect::endpoint::{valid_region, Connection, Endpoint, EndpointProblem};
use crate::connect::sigv4::Credentials;
use crate::i18n::connect::ConnectWords;
use crate::ui::language::use_lang;

/// A connection that answered, with the tables the endpoint listed.
#[derive(Clone, Debug, PartialEq)]
pub struct Connected {
    pub connection: Connection,
    pub tables: Vec<String>,
}

#[derive(Properties, PartialEq)]
pub struct ConnectionPanelProps {
    /// The URL the form starts with.
    #[prop_or_default]
    pub endpoint: AttrValue,
    /// A connection that answered, or `None` when it is given up.
    pub on_change: Callback<Option<Rc<Connected>>>,
}

/// What is wrong with the form, in words, before anything is sent.
fn check(words: &ConnectWords, endpoint: &str, region: &str, key: &str, secret: &str) -> Result<Endpoint, String> {
    let endpoint = Endpoint::parse(endpoint).map_err(|problem| {
        match problem {
            EndpointProblem::Empty => words.problem_empty,
            EndpointProblem::Scheme => words.problem_scheme,
            EndpointProblem::Host => words.problem_host,
            EndpointProblem::Path => words.problem_path,
            EndpointProblem::NotHttps => words.problem_not_https,
        }
        .to_string()
    })?;
    if !valid_region(region) {
        return Err(words.problem_region.to_string());
    }
    if let Some(own) = endpoint.aws_region().filter(|own| *own != region) {
        return Err((words.region_mismatch)(own));
    }
    if key.trim().is_empty() || secret.is_empty() {
        return Err(words.problem_key.to_string());
    }
    Ok(endpoint)
}

/// A text input bound to a state.
fn field(id: &'static str, label: &'static str, kind: &'static str, value: &UseStateHandle<String>) -> Html {
    let oninput = {
        let value = value.clone();
        Callback::from(move |e: InputEvent| value.set(e.target_unchecked_into::<HtmlInputElement>().value()))
    };
    html! {
        <label class="field">
            <span>{ label }</span>
            <input {id} type={kind} value={(**value).clone()} {oninput} autocomplete="off" spellcheck="false" />
        </label>
    }
}

#[component]
pub fn ConnectionPanel(props: &ConnectionPanelProps) -> Html {
    let lang = use_lang();
    let words = lang.connect();
    let endpoint = use_state(|| props.endpoint.to_string());
    let region = use_state(|| "us-east-1".to_string());
    let key = use_state(String::new);
    let secret = use_state(String::new);
    let token = use_state(String::new);
    let busy = use_state(|| false);
    let problem = use_state(|| None::<Html>);

    let on_connect = {
        let (endpoint, region, key, secret, token) =
            (endpoint.clone(), region.clone(), key.clone(), secret.clone(), token.clone());
        let (busy, problem, on_change) = (busy.clone(), problem.clone(), props.on_change.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if *busy {
                return;
            }
            let region_text = region.trim().to_string();
            let checked = check(words, &endpoint, &region_text, &key, &secret);
            let endpoint = match checked {
                Ok(endpoint) => endpoint,
                Err(why) => {
                    problem.set(Some(html! { <p class="error" role="alert">{ why }</p> }));
                    return;
                }
            };
            let connection = Connection {
                endpoint,
                region: region_text,
                credentials: Credentials {
                    access_key_id: key.trim().to_string(),
                    secret_access_key: (*secret).clone(),
                    session_token: Some(token.trim().to_string()).filter(|t| !t.is_empty()),
                },
            };
            busy.set(true);
            problem.set(None);
            let (busy, problem, on_change) = (busy.clone(), problem.clone(), on_change.clone());
            wasm_bindgen_futures::spawn_local(async move {
                match client::list_tables(&connection).await {
                    Ok(tables) => on_change.emit(Some(Rc::new(Connected { connection, tables }))),
                    Err(failure) => problem.set(Some(failure_view(words, &failure))),
                }
                busy.set(false);
            });
        })
    };

    html! {
        <section class="card connect-panel" id="connection" aria-labelledby="connection-title">
            <h2 id="connection-title">{ words.connection_title }</h2>
            <form class="connect-form" onsubmit={on_connect} autocomplete="off">
                <div class="connect-fields">
                    { field("conn-endpoint", words.endpoint_label, "url", &endpoint) }
                    { field("conn-region", words.region_label, "text", &region) }
                    { field("conn-key", words.key_id_label, "text", &key) }
                    { field("conn-secret", words.secret_label, "password", &secret) }
                    { field("conn-token", words.token_label, "password", &token) }
                </div>
                <p class="hint">{ words.credentials_note }</p>
                <button type="submit" id="btn-connect" class="primary" disabled={*busy}>
                    { if *busy { words.connecting } else { words.connect } }
                </button>
            </form>
            <div id="conn-problem" aria-live="polite">{ (*problem).clone().unwrap_or_default() }</div>
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct ConnectedBarProps {
    pub connected: Rc<Connected>,
    pub on_disconnect: Callback<()>,
}

/// The target while connected: where requests go, and a way to stop.
#[component]
pub fn ConnectedBar(props: &ConnectedBarProps) -> Html {
    let lang = use_lang();
    let words = lang.connect();
    let connection = &props.connected.connection;
    let tables = &props.connected.tables;
    let onclick = props.on_disconnect.reform(|_: MouseEvent| ());
    html! {
        <div class="connect-target" id="conn-target" role="status">
            <div>
                <strong id="conn-status">
                    { (words.connected)(&connection.endpoint.url(), &connection.region, &connection.credentials.access_key_id) }
                </strong>
                <p class="hint" id="conn-tables">
                    { if tables.is_empty() { words.no_tables.to_string() } else { (words.endpoint_tables)(&tables.join(", ")) } }
                </p>
            </div>
            <button type="button" id="btn-disconnect" class="quiet" {onclick}>{ words.disconnect }</button>
        </div>
    }
}
