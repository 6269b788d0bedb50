//! The browser entry point: install the panic hook, mount the app.

fn main() {
    gpu_book::ui::panic::install_hook();
    leptos::mount::mount_to_body(gpu_book::ui::App);
}
