//! The few shapes the figures are drawn with: boxes holding wrapped
//! labels, arrows and free labels, written as SVG with classes that
//! `public/style.css` colours from the theme. Text width is estimated
//! (see [`text_width`]) and every line is recorded with the room it had,
//! so a test can prove no label overflows its box in any language.

use super::super::page::escape;

/// The width of every figure's `viewBox`. The figure is shown at most
/// about 1.2 times this wide, and on a 390 px phone about 0.8 times, so
/// text of [`FONT`] stays above 11 px.
pub(super) const WIDTH: f64 = 440.0;
/// The font size of every label, in `viewBox` units.
pub(super) const FONT: f64 = 14.0;
/// The distance between the baselines of a wrapped label.
pub(super) const LINE: f64 = 18.0;
// A 390 px phone shows a figure about 350 px wide: its text stays 11 px or more.
const _: () = assert!(FONT * 350.0 >= 11.0 * WIDTH);
/// The space kept between a box's edge and its text.
const PAD: f64 = 6.0;

/// How a line of text is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Face {
    /// A name as a program prints it (`PENDING`, `nvidia.ko`): monospace.
    Code,
    /// A name in bold.
    Strong,
    /// Explanatory words.
    Plain,
}

impl Face {
    fn class(self) -> &'static str {
        match self {
            Self::Code => "fig-text fig-code",
            Self::Strong => "fig-text fig-strong",
            Self::Plain => "fig-text",
        }
    }

    /// Estimated advance of one character, in em: exact for monospace,
    /// generous for proportional text (and more so in bold).
    fn em(self) -> f64 {
        match self {
            Self::Code => 0.6,
            Self::Strong => 0.62,
            Self::Plain => 0.56,
        }
    }
}

/// Where a label is anchored horizontally.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Align {
    /// At its left edge.
    Start,
    /// At its centre.
    Middle,
    /// At its right edge.
    End,
}

/// A line of text and how it is set.
#[derive(Debug, Clone, Copy)]
pub(super) struct Label<'a> {
    /// The text, unescaped.
    pub(super) text: &'a str,
    /// Its face.
    pub(super) face: Face,
}

/// A label: `face` for `text`.
pub(super) fn label(text: &str, face: Face) -> Label<'_> {
    Label { text, face }
}

/// Something drawn that must fit: what, how much room it needs, and how
/// much it had.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Fit {
    /// The text, or what was measured.
    pub(crate) what: String,
    /// Estimated size.
    pub(crate) need: f64,
    /// Room it was given.
    pub(crate) room: f64,
}

/// The estimated width of `text` set in `face`.
pub(super) fn text_width(text: &str, face: Face) -> f64 {
    text.chars().count() as f64 * face.em() * FONT
}

/// `text` cut at spaces into lines no wider than `room` where it can be;
/// a word wider than `room` keeps a line of its own (and fails its fit).
pub(super) fn wrap(text: &str, face: Face, room: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if text_width(&format!("{line} {word}"), face) <= room => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

/// A figure being drawn: its SVG body, its height, and what had to fit.
#[derive(Debug)]
pub(super) struct Canvas {
    id: &'static str,
    body: String,
    fits: Vec<Fit>,
}

impl Canvas {
    /// An empty figure whose element ids start with `fig-<id>`.
    pub(super) fn new(id: &'static str) -> Self {
        Self {
            id,
            body: String::new(),
            fits: Vec::new(),
        }
    }

    /// Lines of `labels`, each wrapped to `room`, the first baseline at
    /// `y`; returns the height they took. Each line is recorded as a fit.
    pub(super) fn text(
        &mut self,
        x: f64,
        y: f64,
        room: f64,
        align: Align,
        labels: &[Label<'_>],
    ) -> f64 {
        let anchor = match align {
            Align::Start => "start",
            Align::Middle => "middle",
            Align::End => "end",
        };
        let mut baseline = y;
        for l in labels {
            for line in wrap(l.text, l.face, room) {
                self.fits.push(Fit {
                    need: text_width(&line, l.face),
                    what: line.clone(),
                    room,
                });
                self.body.push_str(&format!(
                    "<text class=\"{}\" x=\"{x:.0}\" y=\"{baseline:.0}\" text-anchor=\"{anchor}\">{}</text>",
                    l.face.class(),
                    escape(&line)
                ));
                baseline += LINE;
            }
        }
        baseline - y
    }

    /// `labels` wrapped to `room` and centred in the gap from `top` to
    /// `bottom` (checked to fit it): the words beside an arrow.
    pub(super) fn gap_text(
        &mut self,
        x: f64,
        (top, bottom): (f64, f64),
        room: f64,
        align: Align,
        labels: &[Label<'_>],
    ) {
        let height = Self::text_height(labels, room);
        self.fits.push(Fit {
            what: format!("height of {:?}", labels.first().map(|l| l.text)),
            need: height,
            room: bottom - top,
        });
        let first = (top + bottom - height) / 2.0 + LINE * 0.72;
        self.text(x, first, room, align, labels);
    }

    /// The height `labels` take wrapped to `room`.
    pub(super) fn text_height(labels: &[Label<'_>], room: f64) -> f64 {
        labels
            .iter()
            .map(|l| wrap(l.text, l.face, room).len() as f64 * LINE)
            .sum()
    }

    /// A rounded box of `class` at `x, y`, `w` by `h`, with `labels`
    /// centred in it (checked to fit its height).
    pub(super) fn node(
        &mut self,
        (x, y, w, h): (f64, f64, f64, f64),
        class: &str,
        labels: &[Label<'_>],
    ) {
        self.rect((x, y, w, h), class);
        let room = w - 2.0 * PAD;
        let height = Self::text_height(labels, room);
        self.fits.push(Fit {
            what: format!("height of {:?}", labels.first().map(|l| l.text)),
            need: height,
            room: h - PAD,
        });
        // Baseline of the first line: the block centred, less the
        // descender's share.
        let first = y + (h - height) / 2.0 + LINE * 0.72;
        self.text(x + w / 2.0, first, room, Align::Middle, labels);
    }

    /// A circle of `class` at `cx, cy` with a short `label` centred in it.
    pub(super) fn circle(&mut self, (cx, cy): (f64, f64), r: f64, class: &str, text: &str) {
        self.body.push_str(&format!(
            "<circle class=\"{class}\" cx=\"{cx:.0}\" cy=\"{cy:.0}\" r=\"{r:.0}\"/>"
        ));
        self.text(
            cx,
            cy + FONT * 0.35,
            2.0 * r - 4.0,
            Align::Middle,
            &[label(text, Face::Code)],
        );
    }

    /// A rounded rectangle of `class`, with nothing in it.
    pub(super) fn rect(&mut self, (x, y, w, h): (f64, f64, f64, f64), class: &str) {
        self.body.push_str(&format!(
            "<rect class=\"{class}\" x=\"{x:.0}\" y=\"{y:.0}\" width=\"{w:.0}\" height=\"{h:.0}\" rx=\"6\"/>"
        ));
    }

    /// An arrow through `points`, its head at the last; `dashed` for a
    /// move that is a fault rather than a command.
    pub(super) fn arrow(&mut self, points: &[(f64, f64)], dashed: bool) {
        let d: Vec<String> = points
            .iter()
            .enumerate()
            .map(|(i, (x, y))| format!("{}{x:.0},{y:.0}", if i == 0 { 'M' } else { 'L' }))
            .collect();
        let class = if dashed {
            "fig-edge fig-edge-dashed"
        } else {
            "fig-edge"
        };
        self.body.push_str(&format!(
            "<path class=\"{class}\" d=\"{}\" marker-end=\"url(#fig-{}-head)\"/>",
            d.join(" "),
            self.id
        ));
    }

    /// The finished figure, `height` tall, named by `title` and described
    /// by `desc` (its text alternative).
    pub(super) fn finish(self, height: f64, title: &str, desc: &str) -> (String, Vec<Fit>) {
        let id = self.id;
        let mut svg = format!(
            "<svg class=\"fig-svg\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH:.0} {height:.0}\" \
             role=\"img\" aria-labelledby=\"fig-{id}-title\" aria-describedby=\"fig-{id}-desc\">\
             <title id=\"fig-{id}-title\">{}</title><desc id=\"fig-{id}-desc\">{}</desc>",
            escape(title),
            escape(desc)
        );
        svg.push_str(&format!(
            "<defs><marker id=\"fig-{id}-head\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" \
             markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\">\
             <path class=\"fig-arrowhead\" d=\"M0,0 L10,5 L0,10 z\"/></marker></defs>"
        ));
        svg.push_str(&self.body);
        svg.push_str("</svg>");
        (svg, self.fits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_keeps_lines_within_room_and_long_words_alone() {
        let lines = wrap("the quick brown fox jumps", Face::Plain, 100.0);
        assert!(lines.len() > 1, "{lines:?}");
        assert!(
            lines.iter().all(|l| text_width(l, Face::Plain) <= 100.0),
            "{lines:?}"
        );
        assert_eq!(
            wrap("a unbreakablewordthatiswide b", Face::Code, 60.0),
            vec!["a", "unbreakablewordthatiswide", "b"]
        );
    }

    #[test]
    fn labels_are_escaped_and_recorded() {
        let mut c = Canvas::new("t");
        c.node(
            (0.0, 0.0, 200.0, 40.0),
            "fig-box",
            &[label("a < b & c", Face::Plain)],
        );
        let (svg, fits) = c.finish(50.0, "T <1>", "D & E");
        assert!(svg.contains("a &lt; b &amp; c"), "{svg}");
        assert!(
            svg.contains("<title id=\"fig-t-title\">T &lt;1&gt;</title>"),
            "{svg}"
        );
        assert!(fits.iter().any(|f| f.what == "a < b & c"), "{fits:?}");
    }
}
