// The page chrome's behaviour: everything a page needs from scripts except
// the widgets (those are the wasm's, and only pages with widgets load it).
// The page is complete without this file; it adds:
// - `/`: follows the reader's language (their last choice, else their
//   browser's, else the first listed);
// - 404.html: keeps the "not found" message of the address's language;
// - the theme button (light/dark, remembered), the phone menu, the copy
//   buttons of code blocks;
// - the language links: remembered when followed, and kept pointing at the
//   section being read, which the table of contents marks (scroll spy);
// - smooth scrolling to a section, once the page has loaded, with the
//   page laid out in full first (the stylesheet leaves far parts for later);
// - the widgets: each wasm module loaded when the first of its widgets
//   comes near the viewport, each widget mounted as it comes near (a note
//   in each if its module fails); a field the reader is in keeps the
//   focus, and Enter pressed in one before it is live is pressed again
//   once it is;
// - the contents: each page's exercises done and lab goals met, and
//   forgetting them;
// - offline reading: registers the service worker (sw.js, beside this
//   file), and offers a newer build once it has been stored;
// - the search box: the search module and the index loaded on first use,
//   the results listed and announced, `/` and the arrow keys.
(function () {
  "use strict";
  var doc = document;
  // This file sits at the book's base, beside sw.js.
  var script = doc.currentScript;
  var root = doc.documentElement;
  var LANG_KEY = "gpu-book-lang";
  var THEME_KEY = "gpu-book-theme";
  // How far from the screen a widget's wasm starts loading, and how far
  // it is mounted.
  var LOAD_NEAR = "1200px 0px";
  var MOUNT_NEAR = "200px 0px";
  // How long a widget stays near before either happens.
  var SETTLE_MS = 150;
  // Pixels below the top of the window that count as "reading here" (the
  // sticky top bar is 3.5rem).
  var READING_LINE = 96;

  function stored(key) {
    try {
      return localStorage.getItem(key);
    } catch (e) {
      return null;
    }
  }
  function store(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch (e) {
      // Private modes may refuse; the choice is then not remembered.
    }
  }
  function all(selector, from) {
    return Array.prototype.slice.call((from || doc).querySelectorAll(selector));
  }

  // `/`: the links are the languages; follow the reader's.
  function chooseLanguage() {
    var links = all("[data-root-page] a[hreflang]");
    if (links.length === 0) return;
    // Each link answers to its tag (es-419) and, unless another language
    // claims it, to its primary language (es): a reader asking for es-ES
    // gets the book's only Spanish.
    var byLang = {};
    links.forEach(function (a) {
      byLang[a.getAttribute("hreflang").toLowerCase()] = a;
    });
    links.forEach(function (a) {
      var primary = a.getAttribute("hreflang").toLowerCase().split("-")[0];
      if (!byLang[primary]) byLang[primary] = a;
    });
    var wanted = [stored(LANG_KEY)].concat(navigator.languages || [navigator.language]);
    for (var i = 0; i < wanted.length; i++) {
      var code = String(wanted[i] || "").toLowerCase();
      var link = byLang[code] || byLang[code.split(/[-_]/)[0]];
      if (link) return location.replace(link.href);
    }
    location.replace(links[0].href);
  }

  // 404.html holds the message in every language: keep the address's.
  function notFoundInAddressLanguage() {
    var blocks = all("[data-not-found]");
    if (blocks.length < 2) return;
    var segments = location.pathname.split("/");
    var keep = blocks[0];
    blocks.forEach(function (b) {
      if (segments.indexOf(b.getAttribute("data-not-found")) >= 0) keep = b;
    });
    blocks.forEach(function (b) {
      if (b !== keep) b.remove();
    });
    root.setAttribute("lang", keep.getAttribute("lang"));
    var h1 = keep.querySelector("h1");
    if (h1) doc.title = h1.textContent;
  }

  function currentTheme() {
    var set = root.getAttribute("data-theme");
    if (set) return set;
    return window.matchMedia && matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  function showTheme(button) {
    var dark = currentTheme() === "dark";
    var label = button.getAttribute(dark ? "data-label-light" : "data-label-dark");
    button.setAttribute("aria-label", label);
    button.setAttribute("title", label);
    button.setAttribute("data-theme-now", dark ? "dark" : "light");
    button.firstElementChild.textContent = dark ? "☀" : "☾";
  }
  function themeToggle() {
    all(".theme-toggle").forEach(function (button) {
      showTheme(button);
      button.addEventListener("click", function () {
        var next = currentTheme() === "dark" ? "light" : "dark";
        root.setAttribute("data-theme", next);
        store(THEME_KEY, next);
        showTheme(button);
      });
    });
  }

  function menu() {
    var button = doc.querySelector(".menu-toggle");
    var nav = doc.getElementById("book-nav");
    if (!button || !nav) return;
    function set(open) {
      nav.classList.toggle("open", open);
      button.setAttribute("aria-expanded", String(open));
      button.setAttribute("aria-label", button.getAttribute(open ? "data-label-close" : "data-label-open"));
    }
    button.addEventListener("click", function () {
      set(!nav.classList.contains("open"));
    });
    nav.addEventListener("click", function (ev) {
      if (ev.target.closest("a")) set(false);
    });
  }

  function copyButtons() {
    doc.addEventListener("click", function (ev) {
      var button = ev.target.closest && ev.target.closest(".copy-button");
      if (!button) return;
      var code = button.parentElement && button.parentElement.querySelector("code");
      if (!code) return;
      if (navigator.clipboard) navigator.clipboard.writeText(code.textContent).catch(function () {});
      var label = button.getAttribute("data-label") || button.textContent;
      var copied = button.getAttribute("data-copied");
      if (!copied) return;
      button.setAttribute("data-label", label);
      button.textContent = copied;
      button.setAttribute("data-state", "copied");
      setTimeout(function () {
        button.textContent = label;
        button.removeAttribute("data-state");
      }, 2000);
    });
  }

  // The section being read: the last heading scrolled past the reading
  // line (the last one once the page is scrolled to its end). An observer
  // notes each part of the article wholly above the line, whose headings
  // have all passed it, and each heading whose top has passed it: only
  // the first part not above the line (across it, so on screen and drawn)
  // has its headings' notes read. Nothing is measured: a measure would
  // lay out at once a part the stylesheet has not laid out yet, and one
  // laid out in the frame after a scroll (in Chromium) became the scroll's
  // anchor at its estimated height, so that what was scrolled to slid off
  // the screen as that part got its real one.
  function scrollSpy() {
    var notes = new Map();
    var parts = all("article.page > *")
      .map(function (part) {
        var headings = all(":is(h2, h3, h4)[id]", part).map(function (h) {
          return { heading: h, passed: false };
        });
        return { part: part, headings: headings, above: false };
      })
      .filter(function (p) {
        return p.headings.length > 0;
      });
    var langLinks = all(".lang-switch a[hreflang]");
    var tocLinks = all(".toc-sections a");
    langLinks.forEach(function (a) {
      a.addEventListener("click", function () {
        store(LANG_KEY, a.getAttribute("hreflang"));
      });
    });
    if (parts.length === 0 || !window.IntersectionObserver) return;
    var active = null;
    function update() {
      var atBottom = scrollY > 0 && innerHeight + scrollY >= root.scrollHeight - 2;
      var current = null;
      var top = null;
      for (var i = 0; i < parts.length; i++) {
        var across = !atBottom && !parts[i].above;
        for (var j = 0; j < parts[i].headings.length; j++) {
          var h = parts[i].headings[j];
          if (across && !h.passed) break;
          current = h.heading;
          if (current.tagName === "H2") top = current;
        }
        if (across) break;
      }
      if (current === active) return;
      active = current;
      langLinks.forEach(function (a) {
        var url = new URL(a.href);
        url.hash = current ? current.id : "";
        a.href = url.href;
      });
      tocLinks.forEach(function (a) {
        var on = top !== null && a.hash === "#" + top.id;
        a.parentElement.classList.toggle("active", on);
        if (on) a.setAttribute("aria-current", "location");
        else a.removeAttribute("aria-current");
      });
    }
    var queued = false;
    function soon() {
      if (queued) return;
      queued = true;
      requestAnimationFrame(function () {
        queued = false;
        update();
      });
    }
    // The region observed: from the line down, far past the screen. A part
    // outside it lies wholly above the line; a heading not wholly inside
    // it (threshold 1) has its top above the line.
    var observer = new IntersectionObserver(
      function (entries) {
        entries.forEach(function (entry) {
          var note = notes.get(entry.target);
          var box = entry.boundingClientRect;
          if (note.part) note.above = !entry.isIntersecting && box.bottom <= READING_LINE;
          else note.passed = box.top <= READING_LINE;
        });
        soon();
      },
      { rootMargin: -READING_LINE + "px 0px 1000000px 0px", threshold: [0, 1] }
    );
    parts.forEach(function (p) {
      notes.set(p.part, p);
      observer.observe(p.part);
      p.headings.forEach(function (h) {
        notes.set(h.heading, h);
        observer.observe(h.heading);
      });
    });
    addEventListener("scroll", soon, { passive: true });
    addEventListener("resize", soon);
    addEventListener("hashchange", soon);
    addEventListener("load", soon);
  }

  // Smooth scrolling (the stylesheet's, for links within the page) starts
  // once the page has loaded and shown its address's section: a link to a
  // section opens on it at once instead of scrolling there through the
  // whole page, painting every screen on the way.
  function smoothScrollAfterLoad() {
    function start() {
      requestAnimationFrame(function () {
        setTimeout(function () {
          root.classList.add("smooth-scroll");
        }, 0);
      });
    }
    if (doc.readyState === "complete") start();
    else addEventListener("load", start);
  }

  // On a page opened by a followed link, the stylesheet lays far parts out
  // only as they come near, each counted at an estimated height until
  // then: at its top, every part but the first (html.lay-out-near); at a
  // #section, every part but its own (html.lay-out-around). Both set by the
  // head's script. A link to a section first lays the whole page out, so
  // that the jump counts real heights. Once the reader scrolls, the parts
  // not drawn yet are laid out one per idle moment, so that soon the
  // scroll bar, the End key and a reload's return to the reader's place
  // count real heights too. A page opened at a section scrolls there by
  // itself: there the reader's own wheel, touch or key starts it, and the
  // parts above the section are drawn as soon as the page has loaded.
  function layOutBeforeJumps() {
    var atTop = root.classList.contains("lay-out-near");
    if (!atTop && !root.classList.contains("lay-out-around")) return;
    function layOut() {
      root.classList.remove("lay-out-near", "lay-out-around");
    }
    doc.addEventListener("click", function (ev) {
      var a = ev.target.closest && ev.target.closest("a[href*='#']");
      if (a && a.origin === location.origin && a.pathname === location.pathname) layOut();
    });
    addEventListener("hashchange", layOut);
    var idle =
      window.requestIdleCallback ||
      function (then) {
        return setTimeout(then, 50);
      };
    // Draws `list`'s parts one per idle moment, in order, then calls `then`.
    function drawInTurn(list, then) {
      function next() {
        var part = list.shift();
        if (!part) return then && then();
        part.style.contentVisibility = "visible";
        idle(next);
      }
      idle(next);
    }
    // Opened at a section: the parts above it, nearest first, one per idle
    // moment once the page has loaded, so that scrolling back finds them
    // drawn, not blank for a frame while they get their real heights.
    if (!atTop) {
      var section = doc.querySelector("article.page > [data-ids~='" + CSS.escape(location.hash.slice(1)) + "']");
      var above = [];
      for (var el = section && section.previousElementSibling; el; el = el.previousElementSibling) {
        if (!el.matches(".island-slot")) above.push(el);
      }
      var drawAbove = function () {
        drawInTurn(above);
      };
      if (doc.readyState === "complete") drawAbove();
      else addEventListener("load", drawAbove);
    }
    var starts = atTop ? ["scroll"] : ["wheel", "touchmove", "keydown"];
    function first() {
      starts.forEach(function (type) {
        removeEventListener(type, first);
      });
      drawInTurn(all("article.page > :not(.island-slot)"), layOut);
    }
    starts.forEach(function (type) {
      addEventListener(type, first, { passive: true });
    });
  }

  // Widgets come alive as they come near. Each names its wasm module
  // (data-module) and the <body> names each module's files
  // (data-wasm-<module>, data-glue-<module>): a module is fetched once the
  // first of its widgets is within LOAD_NEAR of the screen, and each
  // widget is mounted when it is within MOUNT_NEAR, one per task (a mount
  // is a long task on a slow phone), so a reader who never scrolls to the
  // shell never downloads its module. An exercise, read before it is used
  // and usable as built (what the reader types or picks is kept when it
  // comes alive), fetches its module only within MOUNT_NEAR: the chapter's
  // early exercises do not pull the widgets' module in while the reader
  // reads its first sections. So does the contents page's progress file,
  // needed only by a reader who comes to use it. If a module cannot load,
  // each of its widgets keeps its first state and says so.
  function islands() {
    var found = all("[data-island]");
    if (found.length === 0 || !window.IntersectionObserver) return;
    var modules = {};
    // The page names the files relative to itself; import() would resolve
    // them against this script's address instead.
    function file(attr) {
      var name = doc.body.getAttribute(attr);
      return name && new URL(name, doc.baseURI).href;
    }
    function load(island) {
      var name = island.getAttribute("data-module");
      if (!modules[name]) {
        var glue = file("data-glue-" + name);
        var wasm = file("data-wasm-" + name);
        modules[name] =
          glue && wasm
            ? import(glue).then(function (bindings) {
                return bindings.default({ module_or_path: wasm }).then(function () {
                  return bindings;
                });
              })
            : Promise.reject(new Error("the page names no files for the module " + name));
      }
      return modules[name];
    }
    function note(island) {
      if (island.hasAttribute("data-stopped")) return;
      var p = doc.createElement("p");
      p.className = "island-note";
      p.setAttribute("role", "note");
      p.textContent = island.getAttribute("data-note");
      island.prepend(p);
      island.setAttribute("data-stopped", "");
    }
    // Islands near enough to mount, each with its module, mounted one per
    // task; each mount is a User Timing measure (`island <widget>`), which
    // DevTools and tests/e2e/island-mount.mjs read.
    var queue = [];
    function mountNext() {
      var next = queue.shift();
      if (!next) return;
      var start = performance.now();
      var kept = focusedIn(next[0]);
      next[1].mountIsland(next[0]);
      if (kept) keepFocus(next[0], kept);
      try {
        performance.measure("island " + next[0].getAttribute("data-island"), { start: start });
      } catch (e) {
        // An old browser without measure's options: nothing to record.
      }
      if (queue.length) setTimeout(mountNext, 0);
    }
    function mount(island) {
      load(island).then(
        function (bindings) {
          queue.push([island, bindings]);
          if (queue.length === 1) setTimeout(mountNext, 0);
        },
        function (error) {
          console.warn("The widgets could not start:", error);
          note(island);
        },
      );
    }
    // Acts on an island once it has stayed within `margin` for SETTLE_MS:
    // a scroll that only passes by (a link to a section further down, which
    // scrolls smoothly through the page, or a fling) loads and mounts
    // nothing on its way.
    function when(margin, action, islands) {
      var near = new Set();
      var observer = new IntersectionObserver(
        function (entries) {
          entries.forEach(function (entry) {
            var island = entry.target;
            if (!entry.isIntersecting) {
              near.delete(island);
              return;
            }
            near.add(island);
            setTimeout(function () {
              if (!near.has(island)) return;
              near.delete(island);
              observer.unobserve(island);
              action(island);
            }, SETTLE_MS);
          });
        },
        { rootMargin: margin },
      );
      islands.forEach(function (island) {
        observer.observe(island);
      });
    }
    var early = found.filter(function (island) {
      var name = island.getAttribute("data-island");
      return name !== "exercise" && name !== "progress";
    });
    when(
      LOAD_NEAR,
      function (island) {
        load(island).catch(function () {});
      },
      early,
    );
    when(MOUNT_NEAR, mount, found);
    enterOnceLive();
  }

  // Runs `action` once `island` is marked live (src/islands/mod.rs).
  function whenLive(island, action) {
    var observer = new MutationObserver(function () {
      if (!island.hasAttribute("data-live")) return;
      observer.disconnect();
      action();
    });
    observer.observe(island, { attributes: true, attributeFilter: ["data-live"] });
  }

  // The id of the field of `island` that has the focus, if one has.
  function focusedIn(island) {
    var active = doc.activeElement;
    return active && active !== island && island.contains(active) ? active.id : "";
  }

  // A field the reader was in keeps the focus as its widget replaces the
  // first state (a keyboard or screen reader user is not sent back to the
  // top of the page): the field of the same id gets it now, and again
  // once the widget is live if the widget built it later (a part built in
  // a task of its own shows its first state until then).
  function keepFocus(island, id) {
    function refocus() {
      var field = doc.getElementById(id);
      if (field && island.contains(field) && doc.activeElement !== field) field.focus({ preventScroll: true });
    }
    refocus();
    whenLive(island, function () {
      if (doc.activeElement === doc.body) refocus();
    });
  }

  // Enter pressed in a field of a widget that is not live yet (a reader
  // quicker than its module, on a slow phone) is pressed again once it is:
  // the shell runs the line, an exercise checks the answer. The text is
  // put back by the mount (src/islands/mod.rs); this keeps the key.
  function enterOnceLive() {
    var waiting = new Set();
    doc.addEventListener(
      "keydown",
      function (ev) {
        var input = ev.target;
        if (ev.key !== "Enter" || ev.isComposing || input.tagName !== "INPUT" || !input.id) return;
        var island = input.closest("[data-island]");
        if (!island || island.hasAttribute("data-live") || waiting.has(island)) return;
        waiting.add(island);
        var id = input.id;
        whenLive(island, function () {
          waiting.delete(island);
          var field = doc.getElementById(id);
          if (!field || !island.contains(field)) return;
          field.focus();
          field.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
        });
      },
      true,
    );
  }

  // The contents: how many of each page's exercises the reader has done
  // and how many goals of its lab, read from the one progress document the
  // widgets keep (its format: src/progress.rs), and a button that forgets
  // it all. Exercises an earlier build kept under a key each ("1 right
  // ..."), not yet moved into the document by a widget, count too.
  var PROGRESS_KEY = "gpu-book.progress";
  var OLD_KEYS = ["gpu-book.exercise.", "gpu-book.lab.", PROGRESS_KEY];
  function readProgress() {
    var progress = { exercises: {}, labs: {} };
    var lines = (stored(PROGRESS_KEY) || "").split("\n");
    // Versions 1 and 2 (2 added the answers, which are not counted here).
    if (!/^gpu-book-progress [12]$/.test(lines[0])) return progress;
    lines.forEach(function (line) {
      var words = line.split(" ");
      if (words[0] === "exercise") {
        progress.exercises[words[1]] = { right: words[2] === "right" };
      } else if (words[0] === "lab") {
        var lab = {};
        words.slice(2).forEach(function (word) {
          var at = word.indexOf("=");
          lab[word.slice(0, at)] = word.slice(at + 1);
        });
        progress.labs[words[1]] = {
          goals: Number(lab.goals),
          met: lab.met ? lab.met.split(",").length : 0,
        };
      }
    });
    return progress;
  }
  function exerciseProgress() {
    var entries = all("[data-labels]");
    if (entries.length === 0) return;
    function count() {
      var progress = readProgress();
      var exercises = progress.exercises || {};
      var labs = progress.labs || {};
      entries.forEach(function (p) {
        var done, total;
        var lab = p.getAttribute("data-lab");
        if (lab) {
          done = labs[lab] ? labs[lab].met : 0;
          total = labs[lab] ? labs[lab].goals : -1;
        } else {
          var ids = p.getAttribute("data-exercises").split(" ");
          total = ids.length;
          done = ids.filter(function (id) {
            if (exercises[id]) return exercises[id].right === true;
            return /^1 right\b/.test(stored("gpu-book.exercise." + id) || "");
          }).length;
        }
        var labels = p.getAttribute("data-labels").split("\n");
        p.textContent = labels[done] || labels[0];
        p.classList.toggle("all-done", done > 0 && done === total);
      });
    }
    count();
    // The progress file's import (src/widgets/progress.rs) says when it
    // changed the progress.
    window.addEventListener("gpu-book-progress", count);
    var reset = doc.querySelector(".progress-reset");
    if (!reset) return;
    reset.hidden = false;
    var button = reset.querySelector("button");
    button.addEventListener("click", function () {
      if (!window.confirm(button.getAttribute("data-confirm"))) return;
      try {
        Object.keys(localStorage).forEach(function (key) {
          var old = OLD_KEYS.some(function (prefix) {
            return key.indexOf(prefix) === 0;
          });
          if (old) localStorage.removeItem(key);
        });
      } catch (e) {
        // Storage refused: there was nothing kept to forget.
      }
      count();
    });
  }

  // The service worker keeps the whole book for offline reading (src/site/sw.js).
  // A newer build installs beside the one running and waits: this offers
  // it, and only once the reader accepts does it take over and this page
  // reload. Without service workers (or on file://, or if registering
  // fails) the book works as before, from the network.
  function offline() {
    var workers = navigator.serviceWorker;
    if (!workers || !script || !script.src || location.protocol === "file:") return;
    var notice = doc.querySelector(".update-notice");
    var accepted = false;
    function offer(worker) {
      if (!notice || notice.firstChild) return;
      var text = doc.createElement("p");
      text.textContent = notice.getAttribute("data-message");
      var button = doc.createElement("button");
      button.type = "button";
      button.textContent = notice.getAttribute("data-action");
      button.addEventListener("click", function () {
        accepted = true;
        button.disabled = true;
        // Another tab may have let it take over already.
        if (worker.state === "installed") worker.postMessage("take-over");
        else location.reload();
      });
      notice.append(text, button);
    }
    workers.addEventListener("controllerchange", function () {
      if (accepted) location.reload();
    });
    function offerWhenInstalled(worker) {
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed") offer(worker);
      });
    }
    // After the page has loaded: storing the book never competes with
    // the page itself.
    addEventListener("load", function () {
      workers.register(new URL("sw.js", script.src).href).then(
        function (registration) {
          // A first install is no update: there is nothing older to replace.
          if (!workers.controller) return;
          if (registration.waiting) offer(registration.waiting);
          if (registration.installing) offerWhenInstalled(registration.installing);
          registration.addEventListener("updatefound", function () {
            if (registration.installing) offerWhenInstalled(registration.installing);
          });
        },
        function (error) {
          console.warn("The book cannot be kept for offline reading:", error);
        },
      );
    });
  }

  // The search box (src/site/search_box.rs): on the reader's first focus
  // or keystroke in it, the search module and the page language's index
  // (both named by the box, relative to the page) are fetched; each input
  // then asks the module, which answers with the results as list items
  // (escaped, matches marked) and their count in the page's language.
  // `/` focuses the box (not while typing elsewhere); in it, ArrowDown
  // goes to the results, Enter to the first; in the results the arrows
  // move and Enter follows; Escape closes. The count is announced once
  // typing pauses, not at every keystroke.
  var ANNOUNCE_MS = 600;
  function typingIn(el) {
    return el && el.closest && el.closest("input, textarea, select, [contenteditable]:not([contenteditable='false'])");
  }
  function search() {
    var box = doc.querySelector(".search[data-index]");
    if (!box) return;
    var input = box.querySelector("input");
    var panel = box.querySelector(".search-panel");
    var list = box.querySelector(".search-results");
    var count = box.querySelector(".search-count");
    var status = box.querySelector("[role='status']");
    var ready = null;
    var asked = 0;
    var announcing = 0;
    function url(attr) {
      return new URL(box.getAttribute(attr), doc.baseURI).href;
    }
    function start() {
      if (!ready) {
        var module = import(url("data-glue")).then(function (bindings) {
          return bindings.default({ module_or_path: url("data-wasm") }).then(function () {
            return bindings;
          });
        });
        var index = fetch(url("data-index")).then(function (response) {
          if (!response.ok) throw new Error("the search index answered " + response.status);
          return response.text();
        });
        ready = Promise.all([module, index]).then(function (both) {
          both[0].load(both[1]);
          return both[0];
        });
        ready.catch(function (error) {
          console.warn("The search could not start:", error);
        });
      }
      return ready;
    }
    function links() {
      return all("a", list);
    }
    function open(on) {
      panel.hidden = !on;
    }
    function show(html, said) {
      list.innerHTML = html;
      count.textContent = said;
      open(true);
      clearTimeout(announcing);
      announcing = setTimeout(function () {
        status.textContent = said;
      }, ANNOUNCE_MS);
    }
    function run() {
      var query = input.value;
      var mine = ++asked;
      if (!query.trim()) {
        open(false);
        list.innerHTML = "";
        clearTimeout(announcing);
        status.textContent = "";
        return;
      }
      start().then(
        function (module) {
          if (mine !== asked) return;
          var answer = module.search(query, box.getAttribute("data-root"));
          show(answer.html, answer.announcement);
          answer.free();
        },
        function () {
          if (mine === asked) show("", box.getAttribute("data-unavailable"));
        },
      );
    }
    input.addEventListener("focus", function () {
      start().catch(function () {});
      if (input.value.trim() && list.firstChild) open(true);
    });
    input.addEventListener("input", run);
    box.addEventListener("keydown", function (ev) {
      var found = links();
      var at = found.indexOf(doc.activeElement);
      if (ev.key === "Escape") {
        if (panel.hidden) return;
        ev.preventDefault();
        open(false);
        input.focus();
      } else if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
        if (panel.hidden || found.length === 0) return;
        ev.preventDefault();
        var next = at + (ev.key === "ArrowDown" ? 1 : -1);
        if (next < 0) input.focus();
        else found[Math.min(next, found.length - 1)].focus();
      } else if (ev.key === "Enter" && ev.target === input && found.length > 0 && !panel.hidden) {
        ev.preventDefault();
        found[0].click();
      }
    });
    // A result followed, or the focus gone elsewhere: the panel closes.
    list.addEventListener("click", function (ev) {
      if (ev.target.closest("a")) open(false);
    });
    box.addEventListener("focusout", function (ev) {
      if (!box.contains(ev.relatedTarget)) open(false);
    });
    doc.addEventListener("keydown", function (ev) {
      if (ev.key !== "/" || ev.ctrlKey || ev.metaKey || ev.altKey || ev.defaultPrevented) return;
      if (typingIn(ev.target)) return;
      ev.preventDefault();
      input.focus();
      input.select();
    });
  }

  chooseLanguage();
  notFoundInAddressLanguage();
  themeToggle();
  menu();
  copyButtons();
  scrollSpy();
  smoothScrollAfterLoad();
  layOutBeforeJumps();
  islands();
  search();
  exerciseProgress();
  offline();
})();
