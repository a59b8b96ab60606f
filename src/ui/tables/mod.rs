//! The Items tab: the selected table and what it holds.
//!
//! [`table_list`] and [`create_table`] (the tables and the form that makes
//! one), [`item_editor`] (the JSON an item is written as), [`table_view`]
//! (the selected table or index) with [`item_grid`] (items grouped by
//! partition key, windowed when large: [`grid_window`]) and [`grid_marks`] (a footprint's
//! marks on a grid); secondary indexes: [`index_form`] (one index's fields
//! and its "what it copies" diagram), [`vector_form`] (one vector index's
//! fields), [`index_panel`] (adding and dropping
//! indexes, backfill progress) and [`index_grid`] (an index's contents and
//! pending propagation); [`ttl_panel`] and [`stream_panel`]; and
//! [`generate_form`], which fills a table with generated items.

pub mod create_table;
pub mod generate_form;
pub mod grid_marks;
pub mod grid_window;
pub mod index_form;
pub mod index_grid;
pub mod index_panel;
pub mod item_editor;
pub mod item_grid;
pub mod stream_panel;
pub mod table_list;
pub mod table_view;
pub mod ttl_panel;
pub mod vector_form;
pub mod vector_map;
