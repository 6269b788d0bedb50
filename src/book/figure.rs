//! Figure directives: a fenced block whose info string is `figure <name>`
//! and whose body is empty. Pure: this module only names them; the site
//! draws each as an SVG at build time (`site::figures`), so a figure costs
//! the browser's wasm nothing. Every word a figure shows is a message in
//! `locales/<lang>/ui.ftl`, so a translation needs no change here.

/// The info-string word that marks a fenced block as a figure.
pub const DIRECTIVE: &str = "figure";

/// Every figure the book knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FigureKind {
    /// The CUDA stack's layers, and who installs which.
    CudaStack,
    /// A Slurm job's states and what moves it between them.
    JobStates,
    /// A Slurm node's states and what moves it between them.
    NodeStates,
    /// How data flows in a ring all-reduce and in a tree.
    RingVsTree,
}

/// Why a figure directive was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FigureError {
    /// The name after `figure` is not a known figure.
    #[error("unknown figure `{0}` (known: {known})", known = FigureKind::names().join(", "))]
    Unknown(String),
    /// `figure` with no name.
    #[error("a figure block needs a name after `figure` (known: {known})", known = FigureKind::names().join(", "))]
    MissingName,
    /// Text in the body: a figure's words live in `locales/<lang>/ui.ftl`.
    #[error("figure `{0}` takes no body: its words are messages in locales/<lang>/ui.ftl")]
    Body(&'static str),
    /// The same figure twice on a page: its ids (`fig-<name>`) would clash.
    #[error(
        "figure `{name}` is already on this page, at line {first}: show each figure once per page"
    )]
    Twice {
        /// The figure's name.
        name: &'static str,
        /// The line of its first block.
        first: usize,
    },
    /// A figure inside a list, quote or other block.
    #[error("figure blocks must stand on their own, not inside a list, quote or footnote")]
    Nested,
}

impl FigureKind {
    /// Every kind, in a stable order.
    pub const ALL: [Self; 4] = [
        Self::CudaStack,
        Self::JobStates,
        Self::NodeStates,
        Self::RingVsTree,
    ];

    /// The kebab-case name written in markdown, also the figure's id
    /// (`fig-<name>`) in the page.
    pub fn name(self) -> &'static str {
        match self {
            Self::CudaStack => "cuda-stack",
            Self::JobStates => "job-states",
            Self::NodeStates => "node-states",
            Self::RingVsTree => "ring-vs-tree",
        }
    }

    /// Every name, for error messages.
    pub fn names() -> Vec<&'static str> {
        Self::ALL.iter().map(|k| k.name()).collect()
    }

    /// The kind called `name`.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Parses a block whose info string is `info` (already known to start
    /// with [`DIRECTIVE`]) and whose body is `body`.
    pub fn parse(info: &str, body: &str) -> Result<Self, FigureError> {
        let name = info
            .trim()
            .strip_prefix(DIRECTIVE)
            .unwrap_or_default()
            .trim();
        if name.is_empty() {
            return Err(FigureError::MissingName);
        }
        let kind = Self::from_name(name).ok_or_else(|| FigureError::Unknown(name.to_owned()))?;
        if body.trim().is_empty() {
            Ok(kind)
        } else {
            Err(FigureError::Body(kind.name()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for kind in FigureKind::ALL {
            assert_eq!(FigureKind::from_name(kind.name()), Some(kind));
        }
    }

    #[test]
    fn parse_refuses_unknown_missing_and_bodies() {
        assert_eq!(
            FigureKind::parse("figure job-states", "\n"),
            Ok(FigureKind::JobStates)
        );
        assert_eq!(
            FigureKind::parse("figure pie", ""),
            Err(FigureError::Unknown("pie".into()))
        );
        assert_eq!(
            FigureKind::parse("figure", ""),
            Err(FigureError::MissingName)
        );
        assert_eq!(
            FigureKind::parse("figure cuda-stack", "caption = \"x\"\n"),
            Err(FigureError::Body("cuda-stack"))
        );
    }
}
