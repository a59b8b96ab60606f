//! The class view: hand-in links pasted, each checked into a row with its
//! marks and score; a damaged link listed with its reason; sorting,
//! filtering and opening a hand-in; and the lecturer's page, reached from
//! the Exercises menu, whose rows hand their hand-in on to the playground.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use ddb_playground::scenario::handin::{self, ExerciseRef, HandIn};
use ddb_playground::ui::exercises::class_view::{ClassView, ClassViewProps};
use ddb_playground::ui::lecturer::LecturerProps;
use serde_json::{json, Value};
use wasm_bindgen_test::wasm_bindgen_test;
use yew::Callback;

use crate::dom::{forget_everything, mount, mount_lecturer, mount_lecturer_in_frame, settle, wait_until, Page};

const FORUM: &str = include_str!("../../src/scenario/exercises/data/forum.json");

/// A hand-in link for the forum exercise: its model answer, or (naive) the
/// model answer with every GetItem and Query made a Scan.
fn forum_link(name: &str, naive: bool) -> String {
    let document: Value = serde_json::from_str(FORUM).unwrap();
    let mut solution = document["ModelAnswer"].clone();
    if naive {
        for request in solution["Requests"].as_object_mut().unwrap().values_mut() {
            if request["Operation"] == "GetItem" || request["Operation"] == "Query" {
                let table = request["Request"]["TableName"].clone();
                *request = json!({"Operation": "Scan", "Request": {"TableName": table}});
            }
        }
    }
    let hand_in = HandIn { name: name.into(), exercise: ExerciseRef::BuiltIn("forum".into()), solution };
    format!("https://example.org/ddb/#{}", handin::encode(&hand_in))
}

/// The rows' cells' texts, in the order shown.
fn rows(page: &Page) -> Vec<Vec<String>> {
    page.find_all("#class-table tbody tr")
        .iter()
        .map(|row| {
            let cells = row.query_selector_all("td").unwrap();
            (0..cells.length()).map(|i| cells.item(i).unwrap().text_content().unwrap_or_default()).collect()
        })
        .collect()
}

#[wasm_bindgen_test]
async fn a_class_of_hand_ins_is_checked_sorted_filtered_and_opened() {
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    let opened: Rc<RefCell<Vec<HandIn>>> = Rc::default();
    let props = ClassViewProps {
        on_open: {
            let opened = Rc::clone(&opened);
            Callback::from(move |h: HandIn| opened.borrow_mut().push(h))
        },
        documents: Rc::new(BTreeMap::from([("forum".to_string(), FORUM.to_string())])),
    };
    let app = yew::Renderer::<ClassView>::with_root_and_props(root.clone(), props).render();
    settle().await;
    let page = Page { root: root.clone() };
    assert!(page.text("#class-view").contains("No hand-in links yet."));

    let good = forum_link("Ada Lovelace", false);
    let damaged = &good[..good.len() - 30];
    let text = format!("{good}\n\n{}\n{damaged}\n", forum_link("Bob Naive", true));
    page.type_text("#class-links", &text).await;
    page.click("#class-check").await;
    wait_until("every hand-in checked", || {
        page.exists("#class-table")
            && !page.text("#class-table").contains("waiting…")
            && !page.exists("#class-progress")
    })
    .await;

    assert_eq!(page.text("#class-summary"), "3 hand-ins, 1 of them damaged or foreign links");
    let shown = rows(&page);
    assert_eq!(shown.len(), 3, "{shown:?}");
    assert_eq!(shown[0][0], "Ada Lovelace");
    let score = |row: &Vec<String>| row[row.len() - 2].clone();
    // The forum's two patterns and its goals, all met by the model answer.
    let columns = page.find_all("#class-table thead th.class-column").len();
    assert!(columns >= 3, "{columns} columns");
    assert_eq!(score(&shown[0]), format!("{columns} of {columns}"));
    assert!(shown[0][1..=columns].iter().all(|mark| mark == "✓"), "{shown:?}");
    assert_eq!(shown[1][0], "Bob Naive");
    assert!(shown[1][1..=columns].iter().any(|mark| mark == "✗"), "{shown:?}");
    assert_ne!(score(&shown[1]), score(&shown[0]));
    // The damaged link is a row of its own, with the reader's reason.
    assert_eq!(shown[2][0], "Damaged link");
    assert!(shown[2][1].starts_with("Invalid hand-in link: "), "{:?}", shown[2]);
    assert_eq!(page.find_all("#class-table tr.damaged").len(), 1);

    // Score, best first; then the lowest first.
    let buttons = page.find_all("#class-table thead button.class-sort");
    let score_button: web_sys::HtmlElement = wasm_bindgen::JsCast::dyn_into(buttons[1].clone()).unwrap();
    score_button.click();
    settle().await;
    assert_eq!(
        rows(&page).iter().map(|r| r[0].clone()).collect::<Vec<_>>(),
        ["Ada Lovelace", "Bob Naive", "Damaged link"]
    );
    score_button.click();
    settle().await;
    assert_eq!(
        rows(&page).iter().map(|r| r[0].clone()).collect::<Vec<_>>(),
        ["Bob Naive", "Ada Lovelace", "Damaged link"]
    );

    page.type_text("#class-filter", "bob").await;
    assert_eq!(rows(&page).len(), 1);
    page.click("#class-table .class-open").await;
    let opened = opened.borrow();
    assert_eq!(opened.len(), 1);
    assert_eq!(opened[0].name, "Bob Naive");
    assert_eq!(opened[0].exercise, ExerciseRef::BuiltIn("forum".into()));

    app.destroy();
    root.remove();
}

#[wasm_bindgen_test]
async fn the_lecturers_page_checks_hand_ins_whose_rows_open_in_the_playground() {
    // The playground's Exercises menu leads to the lecturer's page.
    let page = mount().await;
    page.click("#btn-exercises").await;
    let link = page.find("#link-lecturer");
    assert_eq!(link.get_attribute("href").as_deref(), Some("lecturer.html"));
    assert_eq!(link.get_attribute("target").as_deref(), Some("_blank"));
    drop(page);

    let opened: Rc<RefCell<Vec<HandIn>>> = Rc::default();
    let props = LecturerProps {
        exercises: Rc::new(BTreeMap::from([("forum".to_string(), FORUM.to_string())])),
        on_open: Some({
            let opened = Rc::clone(&opened);
            Callback::from(move |h: HandIn| opened.borrow_mut().push(h))
        }),
    };
    let page = mount_lecturer(props).await;
    assert_eq!(page.text("h1"), "Lecturer's tools");
    assert!(page.exists("#class-panel #class-view"));
    let text = format!("{}\n{}\n", forum_link("Ada Lovelace", false), forum_link("Bob Naive", true));
    page.type_text("#class-links", &text).await;
    page.click("#class-check").await;
    wait_until("both hand-ins checked", || {
        page.exists("#class-table")
            && !page.text("#class-table").contains("waiting…")
            && !page.exists("#class-progress")
    })
    .await;
    let names = |page: &Page| rows(page).iter().map(|r| r[0].clone()).collect::<Vec<_>>();
    assert_eq!(names(&page), ["Ada Lovelace", "Bob Naive"]);

    // A row's Open hands that hand-in on (the page opens it in the
    // playground, in a new tab); the rows stay.
    page.click("#class-table tbody tr:nth-child(2) .class-open").await;
    assert_eq!(opened.borrow().iter().map(|h| h.name.clone()).collect::<Vec<_>>(), ["Bob Naive"]);
    assert_eq!(names(&page), ["Ada Lovelace", "Bob Naive"]);

    // In German and Japanese too.
    page.choose("#lang-select", "de").await;
    assert_eq!(page.text("h1"), "Werkzeuge für Lehrende");
    page.choose("#lang-select", "ja").await;
    assert_eq!(page.text("h1"), "講師用ツール");
    page.choose("#lang-select", "en").await;
}

/// The lecturer's page on a 390×844 phone (in German, whose words are the
/// longest) and on a 1280×720 projector: a class checked, the page never
/// scrolls sideways (the class table scrolls within its own box), and the
/// buttons that matter are on the screen's width.
#[wasm_bindgen_test]
async fn the_lecturers_page_fits_a_phone_and_a_projector() {
    for (width, height, lang) in [(390, 844, "de"), (1280, 720, "en")] {
        forget_everything();
        let props = LecturerProps {
            exercises: Rc::new(BTreeMap::from([("forum".to_string(), FORUM.to_string())])),
            on_open: Some(Callback::noop()),
        };
        let framed = mount_lecturer_in_frame(props, width, height).await;
        let page = &framed.page;
        page.choose("#lang-select", lang).await;
        let text = format!("{}\n{}\n", forum_link("Ada Lovelace", false), forum_link("Bob Naive", true));
        page.type_text("#class-links", &text).await;
        page.click("#class-check").await;
        wait_until("both hand-ins checked", || page.exists("#class-table") && !page.exists("#class-progress")).await;
        settle().await;
        assert_eq!(rows(page).len(), 2, "{width}×{height}");
        let (inner_width, _) = framed.viewport();
        assert!(framed.scroll_size().0 <= inner_width, "{width}×{height} scrolls sideways: {}", framed.scroll_size().0);
        for button in ["#class-check", "#make-exercise-button", "#lecturer-back", "#lang-select"] {
            let r = page.find(button).get_bounding_client_rect();
            assert!(r.width() > 0.0 && r.left() >= 0.0 && r.right() <= inner_width, "{button} at {width}×{height}");
        }
        page.choose("#lang-select", "en").await;
        drop(framed);
    }
    forget_everything();
}
