//! The errors of a whole form, collected field by field, so that every
//! field shows its own beside its input in one pass.

/// Each refused field of a form with its error, in the order checked. A
/// field appears at most once: the first error it gets is the one shown.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldErrors<F, E> {
    errors: Vec<(F, E)>,
}

impl<F, E> Default for FieldErrors<F, E> {
    fn default() -> Self {
        Self { errors: Vec::new() }
    }
}

impl<F: Copy + PartialEq, E> FieldErrors<F, E> {
    /// No errors yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// The value of `field`, or `None` with its error recorded.
    pub fn check<T>(&mut self, field: F, value: Result<T, impl Into<E>>) -> Option<T> {
        value.map_err(|error| self.push(field, error.into())).ok()
    }

    /// Records `error` for `field`, unless the field already has one.
    pub fn push(&mut self, field: F, error: E) {
        if self.get(field).is_none() {
            self.errors.push((field, error));
        }
    }

    /// The error of `field`, if it has one.
    pub fn get(&self, field: F) -> Option<&E> {
        self.errors
            .iter()
            .find(|(f, _)| *f == field)
            .map(|(_, e)| e)
    }

    /// Whether every field was accepted.
    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// Every refused field with its error, in the order checked.
    pub fn iter(&self) -> impl Iterator<Item = &(F, E)> {
        self.errors.iter()
    }

    /// `value` when no field was refused (and `value` is there), else
    /// these errors.
    pub fn or_value<T>(self, value: Option<T>) -> Result<T, Self> {
        match value {
            Some(value) if self.is_empty() => Ok(value),
            _ => Err(self),
        }
    }
}

impl<F: Copy + PartialEq, E> FromIterator<(F, E)> for FieldErrors<F, E> {
    fn from_iter<I: IntoIterator<Item = (F, E)>>(iter: I) -> Self {
        let mut errors = Self::new();
        for (field, error) in iter {
            errors.push(field, error);
        }
        errors
    }
}

impl<F: Copy + PartialEq, E> Extend<(F, E)> for FieldErrors<F, E> {
    fn extend<I: IntoIterator<Item = (F, E)>>(&mut self, iter: I) {
        for (field, error) in iter {
            self.push(field, error);
        }
    }
}

impl<F, E> IntoIterator for FieldErrors<F, E> {
    type Item = (F, E);
    type IntoIter = std::vec::IntoIter<(F, E)>;

    fn into_iter(self) -> Self::IntoIter {
        self.errors.into_iter()
    }
}
