# Textos de la interfaz del libro, en español.

language-name = Español
book-tagline = Un libro interactivo sobre cómo ejecutar trabajos en clústeres de GPU.

skip-to-content = Saltar al contenido
nav-book = Índice del libro
nav-contents = Índice
nav-open-menu = Abrir el índice
nav-close-menu = Cerrar el índice
nav-on-this-page = En esta página
nav-previous = Anterior
nav-next = Siguiente
nav-pages = Páginas

lang-switch-label = Idioma
theme-to-dark = Cambiar al tema oscuro
theme-to-light = Cambiar al tema claro

code-copy = Copiar
code-copied = Copiado
section-anchor = Enlace a esta sección

callout-note = Nota
callout-tip = Consejo
callout-important = Importante
callout-warning = Atención
callout-caution = Cuidado

contents-sections = { $count ->
    [one] Una sección
   *[other] { $count } secciones
}
contents-start = Empezar a leer

fallback-note = Esta página todavía no está traducida, así que estás leyendo la versión en inglés.

widget-coming = Este widget interactivo llegará en una próxima versión del libro.
widget-ring-allreduce = All-reduce en anillo
widget-fair-share = Calculadora de prioridad fair-share
widget-young-daly = Explorador del intervalo de checkpoint
widget-slurm-shell = Terminal de Slurm
content-notice = Esta parte de la página no se pudo mostrar.

not-found-title = Página no encontrada
not-found-body = No hay ninguna página del libro en esta dirección.
not-found-home = Ir al índice

error-title = Algo salió mal
error-body = La página encontró un error inesperado. Recárgala para intentarlo de nuevo: la dirección conserva tu lugar en el libro.
