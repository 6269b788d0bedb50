# UI strings of the book, in English (the source language).
# Translators: copy this file to locales/<lang>/ui.ftl and translate the
# values; keep the ids. `.ci/check-content` lists what is missing.

language-name = English
book-tagline = An interactive textbook on running work on GPU clusters.

skip-to-content = Skip to content
nav-book = Book contents
nav-contents = Contents
nav-open-menu = Open the contents
nav-close-menu = Close the contents
nav-on-this-page = On this page
nav-previous = Previous
nav-next = Next
nav-pages = Pages

lang-switch-label = Language
theme-to-dark = Switch to the dark theme
theme-to-light = Switch to the light theme

code-copy = Copy
code-copied = Copied
section-anchor = Link to this section

callout-note = Note
callout-tip = Tip
callout-important = Important
callout-warning = Warning
callout-caution = Caution

contents-sections = { $count ->
    [one] One section
   *[other] { $count } sections
}
contents-start = Start reading

fallback-note = This page has not been translated into { $language } yet, so you are reading the English version.

widget-coming = This interactive widget is coming in a later version of the book.
widget-ring-allreduce = Ring all-reduce
widget-fair-share = Fair-share priority calculator
widget-young-daly = Checkpoint interval explorer
widget-slurm-shell = Slurm shell
content-notice = This part of the page could not be shown.

not-found-title = Page not found
not-found-body = There is no page at this address in the book.
not-found-home = Go to the contents

error-title = Something went wrong
error-body = The page hit an unexpected error. Reload it to try again: the address keeps your place in the book.
