# Textos de la interfaz del libro, en español.

language-name = Español
book-tagline = Un libro interactivo sobre cómo ejecutar trabajos en clústeres de GPU.

# Cómo se escriben los números: separador decimal y de miles
# (`space` para un espacio fino, `none` para ninguno).
number-decimal = ,
number-group = .

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

## Unidades de tiempo, después de un número.
unit-seconds = s
unit-minutes = min
unit-hours = h
unit-days = d

## El explorador del intervalo de checkpoint (Young/Daly).
yd-presets = Clústeres de ejemplo
yd-preset-8-gpus = 8 GPUs
yd-preset-1024-gpus = 1.024 GPUs
yd-preset-16384-gpus-async = 16.384 GPUs, checkpoints asíncronos repartidos
yd-checkpoint-label = Costo del checkpoint
yd-checkpoint-hint = Cuánto se detiene el entrenamiento por cada checkpoint, p. ej. 90s, 5 min.
yd-gpu-mtbf-label = MTBF de una GPU
yd-gpu-mtbf-hint = Tiempo medio entre fallas de una sola GPU (con su parte de nodo y red), p. ej. 5y, 40000h.
yd-gpus-label = GPUs del trabajo
yd-gpus-hint = El trabajo falla cuando falla cualquiera de ellas, p. ej. 1024 o 16k.
yd-restart-label = Tiempo de reinicio
yd-restart-hint = De la falla a volver a entrenar: requeue, arranque y carga del checkpoint.
yd-interval-label = Tu intervalo de checkpoint
yd-interval-hint = Tiempo entre checkpoints, p. ej. 2h. O mueve el control deslizante.
yd-interval-slider = Intervalo de checkpoint
yd-job-mtbf = MTBF del trabajo (una falla cada…)
yd-failures-per-day = Fallas por día
yd-young = Intervalo de Young √(2CM)
yd-daly = Óptimo de Daly
yd-waste-chosen = Desperdicio con tu intervalo
yd-waste-optimum = Desperdicio en el óptimo de Daly
yd-lost-per-failure = Trabajo perdido por falla, en promedio
yd-max-lost = Trabajo perdido por falla, como máximo
yd-side-too-frequent = Guardas checkpoints demasiado seguido: domina el tiempo de escritura (E/S). Un intervalo más largo desperdicia menos.
yd-side-near = Tu intervalo está cerca del óptimo: el tiempo de E/S y el trabajo perdido por fallas están equilibrados.
yd-side-too-rare = Guardas checkpoints muy de vez en cuando: domina el trabajo que se recalcula tras cada falla. Un intervalo más corto desperdicia menos.
yd-regime-too-costly = Un checkpoint tarda al menos la mitad del MTBF del trabajo (C ≥ 2M): la fórmula de Daly dice entonces que guardes cada M, y el trabajo apenas avanza. Abarata los checkpoints (repartidos, asíncronos) o alarga el MTBF del trabajo (menos piezas, o más fiables).
yd-chart-x = Intervalo de checkpoint (escala logarítmica)
yd-chart-y = Tiempo desperdiciado
yd-chart-alt = Gráfico de la fracción de tiempo desperdiciado según el intervalo de checkpoint: la curva analítica, corridas simuladas con sus barras de error, los óptimos de Young y de Daly y tu intervalo.
yd-legend-analytic = Desperdicio esperado (Daly)
yd-legend-simulated = Corridas simuladas (media ± error estándar)
yd-legend-young = Intervalo de Young
yd-legend-daly = Óptimo de Daly
yd-legend-chosen = Tu intervalo
yd-error-empty = Escribe un valor.
yd-error-not-a-number = Esto no es un número. Escribe un número y una unidad, p. ej. 5 min.
yd-error-unit = Unidad desconocida. Usa s, min, h, d o y (segundos, minutos, horas, días, años).
yd-error-not-positive = Tiene que ser mayor que cero.
yd-error-negative = No puede ser negativo.
yd-error-zero-interval = Un intervalo de cero no dejaría tiempo para calcular. Escribe un intervalo positivo.
yd-error-too-large = Eso supera cualquier clúster real (más de 100 años, o más de 10 millones de GPUs).
yd-error-not-integer = Un número de GPUs es un número entero.

## El costo del checkpoint a partir de sus partes (plegado bajo el explorador).
cost-title = Calcula el costo del checkpoint a partir de sus partes
cost-state-label = Estado por checkpoint
cost-state-hint = Pesos, estado del optimizador y demás, sumando todos los rangos: unos 16 bytes por parámetro con Adam en precisión mixta (70B parámetros: 1,1 TB).
cost-writers-label = Rangos que escriben en paralelo
cost-writers-hint = Checkpoints repartidos: cada rango escribe su parte. 1 si escribe uno solo.
cost-writer-bw-label = Ancho de banda de escritura por rango
cost-writer-bw-hint = Lo que un rango puede enviar al almacenamiento, p. ej. 1 GB/s.
cost-storage-bw-label = Ancho de banda del almacenamiento, en total
cost-storage-bw-hint = Lo que el sistema de archivos recibe de todos a la vez, p. ej. 100 GB/s.
cost-async = Asíncrono: copia a la memoria del host y escribe en segundo plano
cost-host-bw-label = Copia a la memoria del host, por rango
cost-host-bw-hint = Ancho de banda del dispositivo al host de un rango, p. ej. 20 GB/s.
cost-stall = El entrenamiento se detiene
cost-write = la escritura tarda
cost-use = Usar como costo del checkpoint
cost-error-unit = Unidad desconocida. Usa B, kB, MB, GB, TB o PB (o KiB … PiB), con /s para un ancho de banda.
cost-error-too-large = Eso es más de un exabyte.
cost-error-not-integer = Un número de rangos es un número entero.
