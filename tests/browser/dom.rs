//! Shared DOM helpers: mounting the playground on a fresh root, finding elements, typing, clicking and waiting
//! for Yew to re-render, plus the fixtures and steps several feature modules use.

use ddb_playground::scenario::lessons::LessonLibrary;
use ddb_playground::ui::panels::host::Panels;
use ddb_playground::ui::{persist, App, AppProps};
use std::cell::RefCell;
use std::time::Duration;
use wasm_bindgen::JsCast;
use web_sys::{
    Element, Event, EventInit, HtmlElement, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement, KeyboardEvent,
    KeyboardEventInit,
};

/// A mounted playground: its root element (the app is in [`MOUNTED`]).
pub(crate) struct Page {
    pub(crate) root: Element,
}

/// What destroys a mounted app.
type Destroy = Box<dyn FnOnce()>;

thread_local! {
    /// The apps mounted and not yet unmounted: their roots, and what
    /// destroys each (the playground's or the lecturer's page).
    static MOUNTED: RefCell<Vec<(Element, Destroy)>> = const { RefCell::new(Vec::new()) };
    /// The lesson documents and overlays each page mounted from now on is
    /// handed, as it would fetch them (the test server has no `lessons/`
    /// folder): every document, and the overlays the tests put here.
    static LESSONS: RefCell<LessonLibrary> = RefCell::new(every_lesson());
}

/// A library with every lesson's document and no overlay.
fn every_lesson() -> LessonLibrary {
    let mut library = LessonLibrary::new();
    for (entry, text) in ddb_playground::scenario::lessons::CATALOG.iter().zip(LESSON_SOURCES) {
        assert!(library.provide(entry.id, text));
    }
    library
}

/// Changes what the pages mounted from now on are handed (see [`LESSONS`]).
pub(crate) fn hand_lessons<T>(change: impl FnOnce(&mut LessonLibrary) -> T) -> T {
    LESSONS.with(|lessons| change(&mut lessons.borrow_mut()))
}

/// The built-in exercises' documents, handed to every page as it would
/// fetch them (the test server has no `exercises/` folder).
pub(crate) const EXERCISE_SOURCES: [(&str, &str); 6] = [
    ("game-scores", include_str!("../../src/scenario/exercises/data/game-scores.json")),
    ("forum", include_str!("../../src/scenario/exercises/data/forum.json")),
    ("inbox", include_str!("../../src/scenario/exercises/data/inbox.json")),
    ("voting", include_str!("../../src/scenario/exercises/data/voting.json")),
    ("open-orders", include_str!("../../src/scenario/exercises/data/open-orders.json")),
    ("relational-hr", include_str!("../../src/scenario/exercises/data/relational-hr.json")),
];

/// The page's properties: the lessons the tests hand it, and the
/// exercise panel mounted in this wasm with every exercise. German's and Japanese's words are installed first, as if
/// fetched (the test server has no `words/` folder either); `languages.rs`
/// checks the fetch itself.
pub(crate) fn app_props() -> AppProps {
    install_words();
    let exercises = EXERCISE_SOURCES.iter().map(|(id, text)| (id.to_string(), text.to_string())).collect();
    AppProps { lessons: LESSONS.with(|lessons| lessons.borrow().clone()), panels: inline_panels(exercises) }
}

/// The panels mounted in this wasm (the page loads them as a wasm of their
/// own, which the test server does not have), the exercise panel handed
/// `documents`.
pub(crate) fn inline_panels(documents: std::collections::BTreeMap<String, String>) -> Panels {
    let documents = std::rc::Rc::new(documents);
    Panels::Inline(yew::Callback::from(move |root| {
        ddb_playground::ui::panels::module::mount(root, std::rc::Rc::clone(&documents))
    }))
}

/// Installs German's and Japanese's words from the files the page fetches
/// (a language installed already keeps its words).
pub(crate) fn install_words() {
    use ddb_playground::i18n::{words, Lang};
    words::install(Lang::De, include_str!("../../src/i18n/words/de.txt")).unwrap();
    words::install(Lang::Ja, include_str!("../../src/i18n/words/ja.txt")).unwrap();
}

/// Unmounts the app on `root`, or with `None` every app still mounted.
pub(crate) fn unmount(root: Option<&Element>) {
    let apps = MOUNTED.with(|mounted| {
        let mut mounted = mounted.borrow_mut();
        let (gone, kept) = mounted.drain(..).partition(|(r, _)| root.is_none_or(|root| r == root));
        *mounted = kept;
        gone
    });
    for (root, destroy) in apps {
        destroy();
        root.remove();
    }
}

impl Drop for Page {
    fn drop(&mut self) {
        unmount(Some(&self.root));
    }
}

/// Lets Yew's scheduler run and the browser paint.
pub(crate) async fn settle() {
    for _ in 0..3 {
        yew::platform::time::sleep(Duration::from_millis(15)).await;
    }
}

/// Mounts a fresh playground: no share link in the URL, no autosaved copy.
pub(crate) async fn mount() -> Page {
    forget_everything();
    mount_as_is().await
}

/// Forgets what a previous test left: the URL fragment, the saved copies
/// and the chosen language.
pub(crate) fn forget_everything() {
    ddb_playground::ui::persist::set_fragment("");
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    for key in [
        persist::SAVE_KEY,
        persist::TEMP_KEY,
        persist::BACKUP_KEY,
        persist::TEMP_BACKUP_KEY,
        ddb_playground::ui::language::LANGUAGE_KEY,
        ddb_playground::ui::exercises::open::OPEN_KEY,
    ] {
        storage.remove_item(key).unwrap();
    }
    for (id, _) in EXERCISE_SOURCES {
        let key = format!("{}{id}", ddb_playground::ui::exercises::draft::DRAFT_PREFIX);
        storage.remove_item(&key).unwrap();
    }
    // The drafts of exercises opened from their links (`link-…`).
    let linked = format!("{}link-", ddb_playground::ui::exercises::draft::DRAFT_PREFIX);
    let keys: Vec<String> = (0..storage.length().unwrap())
        .filter_map(|i| storage.key(i).unwrap())
        .filter(|k| k.starts_with(&linked))
        .collect();
    for key in keys {
        storage.remove_item(&key).unwrap();
    }
    for (name, _) in persist::list_workspaces() {
        persist::delete_workspace(&name);
    }
}

/// Mounts the playground as a page load would: reading the URL and the
/// autosaved copy as they are.
pub(crate) async fn mount_as_is() -> Page {
    mount_with(app_props()).await
}

/// Mounts a playground with `props`, as [`mount_as_is`] does.
pub(crate) async fn mount_with(props: AppProps) -> Page {
    mount_component::<App>(props).await
}

/// Mounts the lecturer's page (`lecturer.html`) with `props`, on what the
/// browser has saved: the playground it reads is the autosaved one.
pub(crate) async fn mount_lecturer(props: ddb_playground::ui::lecturer::LecturerProps) -> Page {
    install_words();
    mount_component::<ddb_playground::ui::lecturer::LecturerApp>(props).await
}

/// Mounts the connect page (`connect.html`) with `props`, on what the
/// browser has saved: the playground it reads is the autosaved one.
pub(crate) async fn mount_connect(props: ddb_playground::ui::connect::ConnectProps) -> Page {
    install_words();
    mount_component::<ddb_playground::ui::connect::ConnectApp>(props).await
}

async fn mount_component<C: yew::BaseComponent>(props: C::Properties) -> Page {
    // A page only a failed test can have left: at most one page is mounted
    // at a time, and each test drops its own before mounting another.
    unmount(None);
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    let app = yew::Renderer::<C>::with_root_and_props(root.clone(), props).render();
    MOUNTED.with(|mounted| mounted.borrow_mut().push((root.clone(), Box::new(move || app.destroy()))));
    settle().await;
    Page { root }
}

impl Page {
    pub(crate) fn find(&self, selector: &str) -> Element {
        self.root.query_selector(selector).unwrap().unwrap_or_else(|| panic!("no element matches {selector}"))
    }

    pub(crate) fn find_all(&self, selector: &str) -> Vec<Element> {
        let list = self.root.query_selector_all(selector).unwrap();
        (0..list.length()).filter_map(|i| list.item(i)).filter_map(|n| n.dyn_into().ok()).collect()
    }

    pub(crate) fn exists(&self, selector: &str) -> bool {
        self.root.query_selector(selector).unwrap().is_some()
    }

    pub(crate) fn text(&self, selector: &str) -> String {
        self.find(selector).text_content().unwrap_or_default()
    }

    pub(crate) fn fire(element: &Element, kind: &str) {
        let init = EventInit::new();
        init.set_bubbles(true);
        let event = Event::new_with_event_init_dict(kind, &init).unwrap();
        element.dispatch_event(&event).unwrap();
    }

    /// Types into an `<input>`: sets the value, fires `input`.
    pub(crate) async fn type_into(&self, selector: &str, value: &str) {
        let input: HtmlInputElement = self.find(selector).dyn_into().unwrap();
        input.set_value(value);
        Self::fire(&input, "input");
        settle().await;
    }

    /// Picks an option of a `<select>`, fires `change`.
    pub(crate) async fn choose(&self, selector: &str, value: &str) {
        let select: HtmlSelectElement = self.find(selector).dyn_into().unwrap();
        select.set_value(value);
        Self::fire(&select, "change");
        settle().await;
    }

    /// Replaces the item editor's text, fires `input`.
    pub(crate) async fn edit(&self, text: &str) {
        let area: HtmlTextAreaElement = self.find("#item-json").dyn_into().unwrap();
        area.set_value(text);
        Self::fire(&area, "input");
        settle().await;
    }

    pub(crate) fn editor_text(&self) -> String {
        self.find("#item-json").dyn_into::<HtmlTextAreaElement>().unwrap().value()
    }

    pub(crate) async fn click(&self, selector: &str) {
        self.find(selector).dyn_into::<HtmlElement>().unwrap().click();
        settle().await;
    }

    /// Fills in and submits the create-table form.
    pub(crate) async fn create_table(&self, name: &str, pk: (&str, &str), sk: Option<(&str, &str)>) {
        self.type_into("#ct-name", name).await;
        self.type_into("#ct-pk", pk.0).await;
        self.choose("#ct-pk-type", pk.1).await;
        let (sk_name, sk_type) = sk.unwrap_or(("", "S"));
        self.type_into("#ct-sk", sk_name).await;
        self.choose("#ct-sk-type", sk_type).await;
        self.click("#ct-submit").await;
    }

    pub(crate) async fn put(&self, text: &str) {
        self.edit(text).await;
        self.click("#btn-put").await;
    }

    /// The text of each cell of the items grid, row by row.
    pub(crate) fn grid_rows(&self) -> Vec<Vec<String>> {
        // A footprint's mark column and stop lines are not the data.
        self.find_all("table.items tbody tr:not(.fp-stop)")
            .iter()
            .map(|row| {
                let cells = row.query_selector_all("td:not(.fp-mark)").unwrap();
                (0..cells.length())
                    .filter_map(|i| cells.item(i))
                    .map(|cell| cell.text_content().unwrap_or_default())
                    .collect()
            })
            .collect()
    }

    /// The newest activity-log entry's text.
    pub(crate) fn newest_log(&self) -> String {
        self.text("#activity-log > li:first-child")
    }

    /// Types into an `<input>` or a `<textarea>`: sets the value, fires `input`.
    pub(crate) async fn type_text(&self, selector: &str, value: &str) {
        let element = self.find(selector);
        if let Some(area) = element.dyn_ref::<HtmlTextAreaElement>() {
            area.set_value(value);
        } else if let Some(input) = element.dyn_ref::<HtmlInputElement>() {
            input.set_value(value);
        } else {
            panic!("{selector} is not a text field");
        }
        Self::fire(&element, "input");
        settle().await;
    }

    /// The value of an `<input>`, `<textarea>` or `<select>`.
    pub(crate) fn value(&self, selector: &str) -> String {
        let element = self.find(selector);
        if let Some(area) = element.dyn_ref::<HtmlTextAreaElement>() {
            area.value()
        } else if let Some(input) = element.dyn_ref::<HtmlInputElement>() {
            input.value()
        } else if let Some(select) = element.dyn_ref::<HtmlSelectElement>() {
            select.value()
        } else {
            panic!("{selector} has no value")
        }
    }

    /// Presses Ctrl+Enter in `selector`.
    pub(crate) async fn ctrl_enter(&self, selector: &str) {
        let init = KeyboardEventInit::new();
        init.set_key("Enter");
        init.set_ctrl_key(true);
        init.set_bubbles(true);
        let event = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
        self.find(selector).dispatch_event(&event).unwrap();
        settle().await;
    }
}

// ---- the query console ----

/// An item of about 1,500 bytes, so a few of them cross 4 KB read blocks:
/// six make 3 blocks (1.5 RCU eventually consistent), three make 2 (1 RCU),
/// one makes 1 (0.5 RCU).
pub(crate) fn song(artist: &str, title: &str, plays: u32) -> String {
    format!(r#"{{"Artist": "{artist}", "SongTitle": "{title}", "Plays": {plays}, "Lyrics": "{}"}}"#, "la".repeat(730))
}

/// A Music table with six songs by Acme (A1 … A6) and one by Zed, then the
/// console tab.
pub(crate) async fn console_with_music() -> Page {
    let page = mount().await;
    page.create_table("Music", ("Artist", "S"), Some(("SongTitle", "S"))).await;
    for i in 1..=6 {
        page.put(&song("Acme", &format!("A{i}"), i * 10)).await;
    }
    page.put(&song("Zed", "Z1", 5)).await;
    page.click("#tab-console").await;
    page
}

pub(crate) fn figure(page: &Page, side: usize) -> String {
    page.text(&format!("#c{side}-cost-figure"))
}

impl Page {
    /// A request that could not be built is logged as not sent.
    pub(crate) fn newest_log_in_history_or_activity(&self) -> bool {
        // The activity log is on the Items tab; the history lists only
        // requests that reached the engine, so it has no new entry.
        !self.text("#history-list > li:first-child").contains("not sent")
    }
}

/// A song with a genre and a year (and a label the index does not copy);
/// `genre` empty leaves the attribute out, so the item is not in a GSI on it.
pub(crate) fn genre_song(artist: &str, title: &str, genre: &str, year: u32) -> String {
    let genre = if genre.is_empty() { String::new() } else { format!(r#""Genre": "{genre}", "#) };
    format!(
        r#"{{"Artist": "{artist}", "SongTitle": "{title}", {genre}"Year": {year}, "Album": "{title} LP", "Label": "L"}}"#
    )
}

/// Waits (up to a minute) until `done` holds, checking every 50 ms.
pub(crate) async fn wait_until(what: &str, done: impl Fn() -> bool) {
    for _ in 0..1200 {
        if done() {
            return;
        }
        yew::platform::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("waited a minute for {what}");
}

/// Waits until the hot-key lab's runs are over.
pub(crate) async fn lab_finished(page: &Page) {
    wait_until("the lab run to finish", || {
        page.exists("#lab-status") && page.text("#lab-status").starts_with("Finished")
    })
    .await;
    settle().await;
}

pub(crate) fn storage() -> web_sys::Storage {
    web_sys::window().unwrap().local_storage().unwrap().unwrap()
}

pub(crate) fn location_hash() -> String {
    web_sys::window().unwrap().location().hash().unwrap()
}

/// Sets `location.hash` (firing `hashchange`) and waits for the page.
pub(crate) async fn visit_fragment(fragment: &str) {
    web_sys::window().unwrap().location().set_hash(fragment).unwrap();
    for _ in 0..4 {
        settle().await;
    }
}

pub(crate) async fn music_with_two_songs() -> Page {
    let page = mount().await;
    page.create_table("Music", ("Artist", "S"), Some(("SongTitle", "S"))).await;
    page.put(r#"{"Artist": "Acme Band", "SongTitle": "Happy Day", "Year": 2024}"#).await;
    page.put(r#"{"Artist": "Acme Band", "SongTitle": "Rainy Night", "Year": 2021}"#).await;
    assert_eq!(page.grid_rows().len(), 2);
    page
}

/// Chooses a file with `text` in the Import button's file input.
pub(crate) async fn choose_file(page: &Page, name: &str, text: &str) {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let file = web_sys::File::new_with_str_sequence(&parts, name).unwrap();
    let transfer = web_sys::DataTransfer::new().unwrap();
    transfer.items().add_with_file(&file).unwrap();
    let input: HtmlInputElement = page.find("#import-file").dyn_into().unwrap();
    input.set_files(transfer.files().as_ref());
    Page::fire(&input, "change");
    for _ in 0..4 {
        settle().await;
    }
}

/// Clicks an Export menu entry and returns the downloaded file's text and
/// media type.
pub(crate) async fn export_as(page: &Page, button: &str) -> (String, String) {
    capture_next_download();
    page.click("#btn-export-menu").await;
    assert!(page.find(".export-menu").has_attribute("open"), "the menu opens");
    page.click(button).await;
    yew::platform::time::sleep(Duration::from_millis(100)).await;
    assert!(!page.find(".export-menu").has_attribute("open"), "the menu closes after a choice");
    let window = web_sys::window().unwrap();
    let download = js_sys::Reflect::get(&window, &"__ddbDownload".into()).unwrap();
    let field = |name: &str| js_sys::Reflect::get(&download, &name.into()).unwrap().as_string().expect(name);
    (field("text"), field("type"))
}

pub(crate) fn notice_details(page: &Page) -> Vec<String> {
    page.find_all("#scenario-notice .notice-details li")
        .iter()
        .map(|li| li.text_content().unwrap_or_default())
        .collect()
}

/// Forgets what a lesson test leaves: the kept playground, presenter mode.
pub(crate) fn forget_lessons() {
    use ddb_playground::ui::lessons::lesson_nav;
    storage().remove_item(lesson_nav::STASH_KEY).unwrap();
    storage().remove_item(lesson_nav::STASH_BACKUP_KEY).unwrap();
    lesson_nav::set_presenter(false);
}

/// The rows of the selected table's own item grid (not its indexes').
pub(crate) fn table_rows(page: &Page) -> usize {
    page.find_all("table.items:not(.index-items):not(.results-items) tbody tr").len()
}

/// A fresh page opened on `#lesson=<fragment>`.
pub(crate) async fn open_lesson_link(fragment: &str) -> Page {
    forget_everything();
    forget_lessons();
    persist::set_fragment(fragment);
    let page = mount_as_is().await;
    for _ in 0..3 {
        settle().await;
    }
    page
}

/// The engine-clock second the TTL panel shows.
pub(crate) fn ttl_now(page: &Page) -> u64 {
    let text = page.text("#ttl-now");
    text.trim_start_matches("Now: ").split(' ').next().unwrap().parse().unwrap()
}

/// Replaces the page's query string (and keeps its path), without loading.
pub(crate) fn set_search(search: &str) {
    let window = web_sys::window().unwrap();
    let location = window.location();
    let url = format!("{}{search}{}", location.pathname().unwrap(), location.hash().unwrap());
    window.history().unwrap().replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url)).unwrap();
}

impl Page {
    pub(crate) fn attribute(&self, selector: &str, name: &str) -> String {
        self.find(selector).get_attribute(name).unwrap_or_default()
    }
}

/// The words of the converted views in one language, on a Music table with
/// one song of 1,234 bytes (6 + 4 + 9 + 9 + 6 + 1,200: names and values,
/// UTF-8) after one Query on the console: the figures are chosen to show
/// the language's thousands separator and decimal mark.
pub(crate) struct Expected {
    pub(crate) tables: &'static str,
    pub(crate) create: &'static str,
    pub(crate) name_placeholder: &'static str,
    pub(crate) string_type: &'static str,
    pub(crate) contents: &'static str,
    pub(crate) capacity: &'static str,
    pub(crate) editor: &'static str,
    pub(crate) pk_title: &'static str,
    pub(crate) indexes: &'static str,
    pub(crate) activity: &'static str,
    pub(crate) results: &'static str,
    pub(crate) consumed: &'static str,
    pub(crate) price: &'static str,
    pub(crate) history: &'static str,
    pub(crate) read_total: &'static str,
    pub(crate) total_price: &'static str,
    pub(crate) rerun: &'static str,
    pub(crate) copy: &'static str,
}

// ---- workspaces ----

/// The names the Workspaces menu lists, in order.
pub(crate) fn workspace_names(page: &Page) -> Vec<String> {
    page.find_all(".workspace-entry .workspace-name").iter().filter_map(|e| e.text_content()).collect()
}

/// Opens the Workspaces menu, types `name` and presses Save as.
pub(crate) async fn save_workspace_as(page: &Page, name: &str) {
    page.find("#workspaces-menu").set_attribute("open", "").unwrap();
    page.type_into("#workspace-name", name).await;
    page.click("#btn-workspace-save").await;
}

/// Deletes the workspace `name`: Delete, then the menu's "Yes, delete".
pub(crate) async fn delete_workspace(page: &Page, name: &str) {
    workspace_button(page, name, ".workspace-delete").await;
    assert!(page.text("#workspace-confirm").contains(name), "{}", page.text("#workspace-confirm"));
    page.click("#btn-workspace-confirm").await;
}

/// Presses `button` (`.workspace-open` or `.workspace-delete`) on the entry named `name`.
pub(crate) async fn workspace_button(page: &Page, name: &str, button: &str) {
    let entry = page
        .find_all(".workspace-entry")
        .into_iter()
        .find(|e| e.query_selector(".workspace-name").unwrap().and_then(|n| n.text_content()).as_deref() == Some(name))
        .unwrap_or_else(|| panic!("no workspace entry {name}"));
    entry.query_selector(button).unwrap().unwrap().dyn_into::<HtmlElement>().unwrap().click();
    settle().await;
}

/// How many elements of the whole document could run script or came from
/// a payload: `<img>`, `<script>`, `<svg onload>`, anything with an
/// `onerror`/`onload`/`onmouseover` attribute, links to `javascript:`.
pub(crate) fn dangerous_elements() -> u32 {
    let document = web_sys::window().unwrap().document().unwrap();
    let selector =
        "img, script, svg[onload], b[onmouseover], [onerror], [onload], [onmouseover], a[href^='javascript' i]";
    document.query_selector_all(selector).unwrap().length()
}

pub(crate) fn pwned() -> bool {
    let window = web_sys::window().unwrap();
    !js_sys::Reflect::get(&window, &"__pwned".into()).unwrap().is_undefined()
}

pub(crate) fn base64_of(text: &str) -> String {
    let window = web_sys::window().unwrap();
    // Every payload is ASCII, so btoa takes it as is.
    window.btoa(text).unwrap()
}

/// Makes the next download's blob readable as `window.__ddbDownload`
/// (`{text, type}`) once it is built.
pub(crate) fn capture_next_download() {
    let capture = js_sys::Function::new_with_args(
        "",
        "const original = URL.createObjectURL;
         window.__ddbDownload = null;
         URL.createObjectURL = function (blob) {
             blob.text().then(text => { window.__ddbDownload = { text: text, type: blob.type }; });
             URL.createObjectURL = original;
             return original.call(URL, blob);
         };",
    );
    capture.call0(&wasm_bindgen::JsValue::NULL).unwrap();
}

/// The lessons' documents. The page fetches them from `lessons/`, which
/// the test runner does not serve, so the tests hand them over instead.
pub(crate) const LESSON_SOURCES: [&str; 17] = [
    include_str!("../../src/scenario/lessons/data/01-game-scores.json"),
    include_str!("../../src/scenario/lessons/data/02-forum-lsi.json"),
    include_str!("../../src/scenario/lessons/data/03-overloaded-partition.json"),
    include_str!("../../src/scenario/lessons/data/04-hr-order-entry.json"),
    include_str!("../../src/scenario/lessons/data/05-partition-math.json"),
    include_str!("../../src/scenario/lessons/data/06-hot-keys.json"),
    include_str!("../../src/scenario/lessons/data/07-voting.json"),
    include_str!("../../src/scenario/lessons/data/08-messaging.json"),
    include_str!("../../src/scenario/lessons/data/09-gaming.json"),
    include_str!("../../src/scenario/lessons/data/10-sparse-index.json"),
    include_str!("../../src/scenario/lessons/data/11-time-series.json"),
    include_str!("../../src/scenario/lessons/data/12-relationships.json"),
    include_str!("../../src/scenario/lessons/data/13-composite-keys.json"),
    include_str!("../../src/scenario/lessons/data/14-events.json"),
    include_str!("../../src/scenario/lessons/data/15-failed-design.json"),
    include_str!("../../src/scenario/lessons/data/16-multi-attribute-keys.json"),
    include_str!("../../src/scenario/lessons/data/17-vector-search.json"),
];

// ---- the access patterns panel ----

impl Page {
    /// Sets a field's value and fires `change` (what leaving an edited
    /// field does).
    pub(crate) async fn change(&self, selector: &str, value: &str) {
        let element = self.find(selector);
        if let Some(input) = element.dyn_ref::<HtmlInputElement>() {
            input.set_value(value);
        } else if let Some(select) = element.dyn_ref::<HtmlSelectElement>() {
            select.set_value(value);
        } else if let Some(area) = element.dyn_ref::<HtmlTextAreaElement>() {
            area.set_value(value);
        } else {
            panic!("{selector} is not a field");
        }
        Self::fire(&element, "change");
        settle().await;
    }

    /// The access patterns' names, in the panel's order.
    pub(crate) fn pattern_names(&self) -> Vec<String> {
        self.find_all(".access-pattern .ap-name")
            .into_iter()
            .filter_map(|e| e.dyn_into::<HtmlInputElement>().ok())
            .map(|input| input.value())
            .collect()
    }

    /// Each access pattern's verdict, in the panel's order.
    pub(crate) fn pattern_verdicts(&self) -> Vec<String> {
        self.find_all(".access-pattern .verdict").iter().map(|e| e.text_content().unwrap_or_default()).collect()
    }

    /// Saves the console's current request as an access pattern named `name`.
    pub(crate) async fn save_access_pattern(&self, name: &str) {
        self.type_into("#saved-op-name", name).await;
        self.click("#save-access-pattern").await;
    }
}

/// A playground in an `<iframe>` of a given size, styled by the page's own
/// stylesheet: its media queries, `vh` units and scrolling answer to the
/// frame's size, as they would to a projector's or a phone's screen.
pub(crate) struct Framed {
    pub(crate) page: Page,
    pub(crate) frame: web_sys::HtmlIFrameElement,
}

impl Drop for Framed {
    fn drop(&mut self) {
        unmount(Some(&self.page.root));
        self.frame.remove();
    }
}

/// The stylesheet `index.html` links.
const STYLE: &str = include_str!("../../www/style.css");

/// Mounts the playground as a page load would (URL and autosaved copy as
/// they are) into a `width` × `height` frame. Yew creates its elements in
/// this document and the frame adopts them, so the helpers of [`Page`] work
/// unchanged.
pub(crate) async fn mount_in_frame(width: u32, height: u32) -> Framed {
    mount_component_in_frame::<App>(app_props(), width, height).await
}

/// The lecturer's page in a `width` × `height` frame, as [`mount_in_frame`]
/// mounts the playground.
pub(crate) async fn mount_lecturer_in_frame(
    props: ddb_playground::ui::lecturer::LecturerProps,
    width: u32,
    height: u32,
) -> Framed {
    install_words();
    mount_component_in_frame::<ddb_playground::ui::lecturer::LecturerApp>(props, width, height).await
}

async fn mount_component_in_frame<C: yew::BaseComponent>(props: C::Properties, width: u32, height: u32) -> Framed {
    unmount(None);
    let document = web_sys::window().unwrap().document().unwrap();
    // A frame only a failed test can have left.
    while let Some(old) = document.query_selector("iframe.layout-frame").unwrap() {
        old.remove();
    }
    let frame: web_sys::HtmlIFrameElement = document.create_element("iframe").unwrap().dyn_into().unwrap();
    frame.set_class_name("layout-frame");
    frame.set_attribute("style", &format!("width: {width}px; height: {height}px; border: 0; display: block")).unwrap();
    document.body().unwrap().append_child(&frame).unwrap();
    let inner = frame.content_document().unwrap();
    let style = document.create_element("style").unwrap();
    style.set_text_content(Some(STYLE));
    inner.query_selector("head").unwrap().unwrap().append_child(&style).unwrap();
    let root = document.create_element("div").unwrap();
    inner.body().unwrap().append_child(&root).unwrap();
    let app = yew::Renderer::<C>::with_root_and_props(root.clone(), props).render();
    MOUNTED.with(|mounted| mounted.borrow_mut().push((root.clone(), Box::new(move || app.destroy()))));
    settle().await;
    Framed { page: Page { root }, frame }
}

impl Framed {
    /// The frame's document.
    pub(crate) fn document(&self) -> web_sys::Document {
        self.frame.content_document().unwrap()
    }

    /// The frame's viewport: (innerWidth, innerHeight).
    pub(crate) fn viewport(&self) -> (f64, f64) {
        let window = self.frame.content_window().unwrap();
        (window.inner_width().unwrap().as_f64().unwrap(), window.inner_height().unwrap().as_f64().unwrap())
    }

    /// How far the frame's page scrolls: (scrollWidth, scrollHeight).
    pub(crate) fn scroll_size(&self) -> (f64, f64) {
        let scrolling = self.document().scrolling_element().unwrap();
        (f64::from(scrolling.scroll_width()), f64::from(scrolling.scroll_height()))
    }

    /// Presenter mode on the frame's root element too (the page sets it on
    /// the document the app runs in, which here is the test's).
    pub(crate) fn follow_presenter_mode(&self) {
        let on = ddb_playground::ui::lessons::lesson_nav::presenter_on();
        self.document().document_element().unwrap().set_class_name(if on { "presenter" } else { "" });
    }

    /// The element's box in the frame's viewport: (top, bottom, height).
    pub(crate) fn rect(&self, selector: &str) -> (f64, f64, f64) {
        let rect = self.page.find(selector).get_bounding_client_rect();
        (rect.top(), rect.bottom(), rect.height())
    }
}
