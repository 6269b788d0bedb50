//! Which section is being read: the last heading scrolled past the top bar.
//! The table of contents marks it and the language switch keeps it.

use leptos::ev;
use leptos::prelude::*;

/// The id of the section in view, as context.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ActiveSection(pub(crate) RwSignal<Option<String>>);

/// Pixels below the top of the viewport that count as "reading here"
/// (the sticky top bar is 3.5rem).
const READING_LINE: f64 = 96.0;

/// Tracks the section in view among `ids` while the window scrolls.
pub(crate) fn use_scroll_spy(ids: Memo<Vec<String>>) -> ActiveSection {
    let active = ActiveSection(RwSignal::new(None));
    let update = move || {
        let doc = document();
        let at_bottom = {
            let win = window();
            let inner = win
                .inner_height()
                .ok()
                .and_then(|v| v.as_f64())
                .unwrap_or(0.0);
            let scrolled = win.scroll_y().unwrap_or(0.0);
            let height = doc
                .document_element()
                .map_or(0.0, |e| f64::from(e.scroll_height()));
            scrolled > 0.0 && inner + scrolled >= height - 2.0
        };
        // Run from a frame callback too: the page may be gone by then.
        let Some(current) = ids.try_with_untracked(|ids| {
            if at_bottom {
                return ids.last().cloned();
            }
            ids.iter()
                .rfind(|id| {
                    doc.get_element_by_id(id)
                        .is_some_and(|el| el.get_bounding_client_rect().top() <= READING_LINE)
                })
                .cloned()
        }) else {
            return;
        };
        if active.0.try_get_untracked().is_some_and(|a| a != current) {
            active.0.set(current);
        }
    };
    let handle = window_event_listener(ev::scroll, move |_| update());
    on_cleanup(move || handle.remove());
    // Recompute when the page changes, once the new page is laid out.
    Effect::new(move |_| {
        ids.track();
        request_animation_frame(update);
    });
    active
}
