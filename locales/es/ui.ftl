# Textos de la interfaz del libro, en español.

language-name = Español
# La variedad en que están escritos estos textos y las páginas (etiqueta
# BCP 47, para los atributos `lang` y `hreflang`): español de América Latina.
language-tag = es-419
book-tagline = Un libro interactivo sobre cómo ejecutar trabajos en clústeres de GPU.

# Cómo se escriben los números: separador decimal y de miles
# (`space` para un espacio fino, `none` para ninguno). Como en América
# Latina (es-419), la variedad del libro: 1,000 trabajos, 2.5 h.
number-decimal = .
number-group = ,

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
lang-in-progress = traducción en curso: { $percent }% hecho
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
contents-exercises = { $done } de { $count ->
    [one] { $count } ejercicio resuelto
   *[other] { $count } ejercicios resueltos
  }
contents-lab-goals = { $done } de { $count ->
    [one] { $count } objetivo cumplido
   *[other] { $count } objetivos cumplidos
  }
contents-forget = Olvidar mi progreso
contents-forget-confirm = ¿Olvidar tus respuestas a los ejercicios y tus laboratorios, en todos los idiomas del libro? No se puede deshacer.
contents-start = Empezar a leer
progress-title = Tu progreso
progress-intro = Tus respuestas y tus laboratorios se guardan solo en este navegador. Guárdalos en un archivo para llevarlos a otro navegador, tener una copia o entregarlos: tu profesor puede reproducir cada laboratorio guardado y comprobar que alcanza sus objetivos.
progress-save = Guardar en un archivo
progress-load = Cargar desde un archivo
progress-saved = Guardado como gpu-book-progress.txt en tus descargas.
progress-not-saved = Este navegador no ha podido crear el archivo. No se ha cambiado nada.
progress-imported = Cargado desde el archivo: { $exercises ->
        [one] un ejercicio
       *[other] { $exercises } ejercicios
    } y { $labs ->
        [one] un laboratorio
       *[other] { $labs } laboratorios
    }.
progress-nothing-new = El archivo no tiene nada que este navegador no tenga ya. No se ha cambiado nada.
progress-cancelled = No se ha cargado nada.
progress-too-large = Este archivo ocupa más de { $size } KB, mucho más que cualquier archivo de progreso, así que no se ha leído. No se ha cambiado nada.
progress-unreadable = No es un archivo de progreso de este libro ({ $why }). No se ha cambiado nada.
progress-not-read = El navegador no ha podido leer este archivo. No se ha cambiado nada.
# Por qué no se ha podido leer el progreso guardado, o un archivo con él: la
# línea, qué falla en ella ({ $problem }, uno de progress-bad-*) y su comienzo.
progress-bad-line = línea { $line }: { $problem }, «{ $text }»
progress-bad-header = no es la primera línea que escribe este libro
progress-bad-exercise = un ejercicio que no se puede leer
progress-bad-proof = el registro de una tarea hecha fuera de un ejercicio
progress-bad-lab = un laboratorio que no se puede leer
progress-bad-event = una línea que no se puede leer
progress-bad-event-outside = un paso antes de cualquier ejercicio o laboratorio
progress-bad-newer = guardado con una versión más reciente del libro
progress-newer = Este progreso se guardó con una versión más reciente del libro. Recarga la página para obtenerla y vuelve a intentarlo. No se ha cambiado nada.
progress-conflicts = Este navegador y el archivo tienen estos laboratorios en puntos distintos. Elige cuál conservar en cada uno; se propone el más avanzado.
progress-keep-browser = Conservar el de este navegador: incidente { $seed }, { $met } de { $goals } objetivos cumplidos
progress-take-file = Tomar el del archivo: incidente { $seed }, { $met } de { $goals } objetivos cumplidos
progress-proposed = (más avanzado)
progress-apply = Cargar
progress-cancel = Cancelar

fallback-note = Esta página todavía no está traducida, así que estás leyendo la versión en inglés.

widget-ring-allreduce = All-reduce en anillo
widget-fair-share = Calculadora de prioridad fair-share
widget-young-daly = Explorador del intervalo de checkpoint
widget-slurm-shell = Terminal de Slurm
content-notice = Esta parte de la página no se pudo mostrar.

not-found-title = Página no encontrada
not-found-body = No hay ninguna página del libro en esta dirección.
not-found-home = Ir al índice
not-found-pages = Las páginas del libro:

island-static = Este widget cobra vida con JavaScript y WebAssembly; mientras tanto muestra su estado inicial.
island-stopped = Este widget se detuvo por un error inesperado. El texto de la página no se ve afectado: recárgala para intentarlo de nuevo.
island-static-exercise = Para comprobar tu respuesta hacen falta JavaScript y WebAssembly; "Ver la respuesta" funciona sin ellos.

root-choose = Elige un idioma
assets-missing = La hoja de estilos y los scripts de esta página no se cargaron, así que se ve como texto plano. Los archivos del libro tienen que quedar juntos tal como los escribió la compilación: copia la carpeta dist/ entera al servidor y sírvela tal cual (la sección Hosting del README explica cada servidor).

## Figuras (bloques `figure <nombre>`, dibujados al construir el libro).
figure-cuda-stack-title = La pila de software CUDA, desde la GPU hacia arriba
figure-cuda-stack-caption = Las capas de la pila CUDA y quién las instala: las de la máquina, una vez por nodo; las de la aplicación, con cada trabajo.
figure-cuda-stack-app-band = Las capas de la aplicación
figure-cuda-stack-app-who = Las trae cada trabajo, en su imagen de contenedor o su entorno: trabajos en el mismo nodo pueden traer versiones distintas.
figure-cuda-stack-host-band = Las capas de la máquina
figure-cuda-stack-host-who = Un administrador las instala una vez por nodo: un contenedor no puede traerlas, usa las del host.
figure-cuda-stack-code = Tu script de entrenamiento
figure-cuda-stack-frameworks = Los frameworks
figure-cuda-stack-libraries = Las bibliotecas
figure-cuda-stack-runtime = El runtime y el toolkit de CUDA
figure-cuda-stack-user-driver = El driver de modo usuario
figure-cuda-stack-kernel-module = El módulo del kernel
figure-cuda-stack-gpu = La GPU
figure-cuda-stack-desc = Capas apiladas de abajo hacia arriba. Abajo de todo está la GPU. Encima están las dos capas de la máquina, que un administrador instala una vez por nodo: el módulo del kernel, nvidia.ko, que habla con el hardware, y el driver de modo usuario, libcuda.so, que viene con él en el paquete del driver. Un contenedor no puede traerlas: usa las que están cargadas en el host. Más arriba están las capas de la aplicación, que cada trabajo trae en su imagen de contenedor o su entorno, así que trabajos en el mismo nodo pueden traer versiones distintas: el runtime y el toolkit de CUDA (libcudart, nvcc), las bibliotecas construidas sobre él (cuBLAS, cuDNN, NCCL, CUTLASS), los frameworks (PyTorch, JAX) y, arriba de todo, tu script de entrenamiento.
figure-job-states-title = Los estados de un trabajo de Slurm y qué lo lleva de uno a otro
figure-job-states-caption = La vida de un trabajo en Slurm: espera como PENDING, corre, se limpia como COMPLETING y termina en uno de cuatro estados. Una retención lo mantiene esperando; reencolarlo lo devuelve a la cola.
figure-job-states-held = retenido hasta que lo liberen
figure-job-states-start = arranca cuando le toca y sus nodos están libres
figure-job-states-ends = el trabajo termina; sus nodos limpian lo que dejó
figure-job-states-completed = código de salida 0
figure-job-states-failed = otro código de salida
figure-job-states-timeout = llegó a su límite de --time
figure-job-states-cancelled = scancel, o quien administra
figure-job-states-desc = Un trabajo empieza como PENDING, esperando en la cola. scontrol hold deja retenido a un trabajo pendiente (sigue en PENDING, con la retención como motivo) hasta que scontrol release lo deja esperar su turno otra vez. Cuando le toca y sus nodos están libres, el trabajo pasa a RUNNING. scontrol requeue devuelve un trabajo que corre a PENDING, para que vuelva a empezar, desde su checkpoint si los guarda. Cuando el trabajo termina queda en COMPLETING mientras sus nodos limpian lo que dejó, y después se queda en uno de cuatro estados: COMPLETED si salió con código 0, FAILED si salió con cualquier otro código, TIMEOUT si llegó a su límite de --time, o CANCELLED si lo detuvo scancel o un administrador. scancel también cancela un trabajo pendiente, que pasa directo a CANCELLED sin llegar a correr.
figure-node-states-title = Los estados de un nodo de Slurm y qué lo lleva de uno a otro
figure-node-states-caption = Los estados de un nodo tal como los muestra sinfo: los trabajos lo llevan entre idle, mix y alloc; hacer drain deja terminar a los trabajos que corren; State=RESUME lo devuelve al servicio.
figure-node-states-idle = encendido, sin nada corriendo
figure-node-states-mix = ocupado en parte
figure-node-states-alloc = asignado por completo
figure-node-states-drain = drain terminado: vacío
figure-node-states-drng = en drain: aún corren trabajos
figure-node-states-down = no responde
figure-node-states-jobs = empiezan ↓ o terminan ↑ trabajos
figure-node-states-last-job = termina su último trabajo
figure-node-states-not-responding = desde cualquier estado, cuando el nodo deja de responder
figure-node-states-desc = Seis estados, tal como los muestra sinfo. Un nodo idle no corre nada. A medida que empiezan trabajos en él pasa a mix (ocupado en parte) y después a alloc (asignado por completo); a medida que terminan, vuelve por mix a idle. scontrol update con State=DRAIN lleva un nodo idle directo a drain (drain terminado: vacío, sin aceptar trabajos nuevos), y un nodo mix o alloc a drng (en drain): los trabajos que corren ahí terminan, no empieza ninguno nuevo, y cuando termina su último trabajo el nodo pasa a drain. State=RESUME devuelve un nodo en drain a idle. Desde cualquier estado, un nodo que deja de responder pasa a down, y lo que corría en él se pierde; una vez reparado y respondiendo, State=RESUME también lo devuelve a idle.
figure-ring-vs-tree-title = All-reduce en anillo y en árbol con ocho rangos
figure-ring-vs-tree-caption = Los mismos ocho rangos de dos maneras: el anillo lleva 2(n − 1) pasos con todos los enlaces trabajando; el árbol, unas 2 log₂ n rondas, y cada una envía el buffer entero.
figure-ring-vs-tree-ring = Anillo
figure-ring-vs-tree-ring-how = En cada paso, cada rango envía un trozo a su vecino de la derecha: n − 1 pasos de reduce-scatter y después n − 1 de all-gather.
figure-ring-vs-tree-ring-steps = n = 8: 14 pasos
figure-ring-vs-tree-tree = Árbol
figure-ring-vs-tree-tree-how = Los rangos combinan sus buffers de a pares, luego los pares de pares, hasta una raíz (el reduce, flechas hacia arriba); un broadcast baja la suma por el mismo camino.
figure-ring-vs-tree-tree-steps = n = 8: 3 rondas hacia arriba y 3 hacia abajo, y cada una envía el buffer entero
figure-ring-vs-tree-desc = Dos dibujos de los mismos ocho rangos, numerados del 0 al 7. En el anillo, los rangos están en círculo y cada uno tiene una flecha, hacia su vecino de la derecha. Cada buffer se corta en ocho trozos, y en cada paso cada rango envía un trozo a su vecino: tras 7 pasos de reduce-scatter cada rango tiene la suma completa de un trozo, y tras otros 7 de all-gather todos los rangos tienen todos los trozos, 2(n − 1) = 14 pasos en total con todos los enlaces trabajando en cada uno. En el árbol, los ocho rangos forman la fila de abajo y las flechas suben de a pares: 1 a 0, 3 a 2, 5 a 4 y 7 a 6; luego 2 a 0 y 6 a 4; luego 4 a 0, la raíz, que tiene la suma tras log₂ 8 = 3 rondas. Un broadcast la baja por el mismo camino en otras 3 rondas, unas 2 log₂ n en total, pero cada ronda envía el buffer entero.

## Ejercicios de autoevaluación
exercise-title = Ponte a prueba
exercise-done = resuelto
exercise-check = Comprobar
exercise-choose-first = Primero elige una respuesta.
exercise-right = Correcto.
exercise-wrong = Todavía no.
exercise-option-right = Respuesta { $n }: correcta
exercise-option-wrong = Respuesta { $n }: incorrecta
exercise-show-answer = Ver la respuesta
exercise-task-done = El clúster muestra la tarea hecha.
exercise-task-restart = Empezar la tarea de nuevo
exercise-answer-is = La respuesta es { $value } (se acepta con un margen de { $tolerance }).
exercise-your-answer = Tu respuesta
exercise-number-hint = Con unidad si quieres; un número solo se lee en { $unit }.
exercise-number-hint-plain = Un número, escrito como en el texto.

## Unidades de tiempo, después de un número.
unit-seconds = s
unit-minutes = min
unit-hours = h
unit-days = d
# "1 año"; unit-years después de cualquier otro número.
unit-year = año
unit-years = años

## Lo que dice el campo de un número cuando lo rechaza (en todos los widgets).
input-error-empty = Escribe un valor.
input-error-not-a-number = Esto no es un número.
input-error-decimal-mark = Aquí los decimales llevan punto: escribe { $suggestion }.
input-error-ambiguous = ¿Querías decir { $decimal } o { $thousands }? Escríbelo como uno de los dos.
input-error-unit-duration = Unidad desconocida. Usa s, min, h o d (segundos, minutos, horas, días), o años.
input-error-unit-count = Un recuento no lleva unidad (k para miles sirve).
input-error-unit-size = Unidad desconocida. Usa B, kB, MB, GB, TB o PB (o KiB … PiB).
input-error-unit-bandwidth = Unidad desconocida. Usa B/s, kB/s, MB/s, GB/s, TB/s o PB/s (o KiB/s … PiB/s).
input-error-negative = No puede ser negativo.
input-error-not-positive = Tiene que ser mayor que cero.
input-error-zero-interval = Un intervalo de cero no dejaría tiempo para calcular. Escribe un intervalo positivo.
input-error-not-integer = Tiene que ser un número entero.
input-error-too-large = Como mucho { $n }.
input-error-too-long = Eso supera cualquier clúster real: como mucho { $n } años.
input-error-too-many-bytes = Eso es más de { $n } PB.

## El explorador del intervalo de checkpoint (Young/Daly).
yd-presets = Clústeres de ejemplo
yd-preset-8-gpus = 8 GPUs
yd-preset-1024-gpus = 1,024 GPUs
yd-preset-16384-gpus-async = 16,384 GPUs, checkpoints asíncronos repartidos
yd-checkpoint-label = Costo del checkpoint (min)
yd-checkpoint-hint = Cuánto se detiene el entrenamiento por cada checkpoint. Un número solo son minutos (5); para otra unidad, escríbela (90 s).
yd-gpu-mtbf-label = MTBF de una GPU (h)
yd-gpu-mtbf-hint = Tiempo medio entre fallas de una sola GPU (con su parte de nodo y red). Un número solo son horas (40000); o 5 años.
yd-gpus-label = GPUs del trabajo
yd-gpus-hint = El trabajo falla cuando falla cualquiera de ellas, p. ej. 1024 o 16k.
yd-restart-label = Tiempo de reinicio (min)
yd-restart-hint = De la falla a volver a entrenar: reencolar, arrancar y cargar el checkpoint. Un número solo son minutos (10).
yd-interval-label = Tu intervalo de checkpoint (min)
yd-interval-hint = Tiempo entre checkpoints. Un número solo son minutos (120); o 2 h. O mueve el control deslizante.
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
yd-regime-too-costly = Un checkpoint tarda al menos el doble del MTBF del trabajo (C ≥ 2M): la fórmula de Daly dice entonces que guardes cada M, y el trabajo apenas avanza. Abarata los checkpoints (repartidos, asíncronos) o alarga el MTBF del trabajo (menos piezas, o más fiables).
yd-chart-x = Intervalo de checkpoint (escala logarítmica)
yd-chart-y = Tiempo desperdiciado
yd-chart-alt = Gráfico de la fracción de tiempo desperdiciado según el intervalo de checkpoint: la curva analítica, corridas simuladas con sus barras de error, los óptimos de Young y de Daly y tu intervalo.
yd-legend-analytic = Desperdicio esperado (Daly)
yd-legend-simulated = Corridas simuladas (media ± error estándar)
yd-legend-young = Intervalo de Young
yd-legend-daly = Óptimo de Daly
yd-legend-chosen = Tu intervalo

## El costo del checkpoint a partir de sus partes (plegado bajo el explorador).
cost-title = Calcula el costo del checkpoint a partir de sus partes
cost-state-label = Estado por checkpoint (GB)
cost-state-hint = Pesos, estado del optimizador y demás, sumando todos los rangos: unos 16 bytes por parámetro con Adam en precisión mixta (70B parámetros: 1.1 TB). Un número solo son gigabytes.
cost-writers-label = Rangos que escriben en paralelo
cost-writers-hint = Checkpoints repartidos: cada rango escribe su parte. 1 si escribe uno solo.
cost-writer-bw-label = Ancho de banda de escritura por rango (GB/s)
cost-writer-bw-hint = Lo que un rango puede enviar al almacenamiento: 1 es 1 GB/s; o 500 MB/s.
cost-storage-bw-label = Ancho de banda del almacenamiento, en total (GB/s)
cost-storage-bw-hint = Lo que el sistema de archivos recibe de todos a la vez: 100 es 100 GB/s; o 1 TB/s.
cost-async = Asíncrono: copia a la memoria del host y escribe en segundo plano
cost-host-bw-label = Copia a la memoria del host, por rango (GB/s)
cost-host-bw-hint = Ancho de banda del dispositivo al host de un rango: 20 es 20 GB/s.
cost-stall = El entrenamiento se detiene
cost-write = la escritura tarda
cost-use = Usar como costo del checkpoint

## Calculadora de fair-share
fs-presets = Ejemplos
fs-preset-two-teams = Dos equipos, shares 3:1
fs-preset-burned-share = Un equipo gastó sus shares la semana pasada
fs-preset-new-team = Equipo nuevo, sin uso
fs-algorithm = Algoritmo de fair-share
fs-algorithm-fair-tree = Fair Tree (el predeterminado de Slurm desde la 19.05)
fs-algorithm-classic = Clásico (PriorityFlags=NO_FAIR_TREE)
fs-algorithm-hint = Fair Tree ordena a los usuarios: el factor es una posición, no un cociente. El clásico calcula 2^(−uso efectivo ÷ shares normalizados).
fs-tree-caption = Cuentas y usuarios: shares brutos y uso en GPU-horas
fs-col-kind = Tipo
fs-col-name = Nombre
fs-col-parent = Cuenta padre
fs-col-shares = Shares brutos
fs-col-usage = Uso (GPU-h)
fs-kind-account = Cuenta
fs-kind-user = Usuario
fs-usage-sum = suma de sus usuarios
fs-remove = Quitar
fs-add-account = Agregar una cuenta en
fs-add-user = Agregar un usuario en
fs-add-account-parent = Cuenta padre de la cuenta nueva
fs-add-user-parent = Cuenta del usuario nuevo
fs-remove-question = { $name } tiene cuentas o usuarios debajo. ¿Qué pasa con ellos?
fs-remove-move-up = Subirlos a { $parent }
fs-remove-all = Quitarlos también
fs-remove-cancel = Cancelar
fs-history = Deshacer y rehacer
fs-undo = Deshacer
fs-redo = Rehacer
fs-history-hint = Ctrl+Z y Ctrl+Mayús+Z también funcionan fuera de los campos de texto.
stale-note = Estos resultados son de la última entrada válida; corrige el campo marcado arriba.
fs-sshare-caption-fair-tree = Lo que mostraría sshare -a -l (Fair Tree)
fs-sshare-caption-classic = Lo que mostraría sshare -a -l (fair-share clásico)
fs-raw-usage-gpu-h = RawUsage (GPU-h)
fs-settings = Pesos, decaimiento y clúster
fs-weights = Pesos de prioridad (slurm.conf)
fs-w-age-label = PriorityWeightAge
fs-w-age-hint = Premia el tiempo de espera, hasta PriorityMaxAge (7 días).
fs-w-fairshare-label = PriorityWeightFairshare
fs-w-fairshare-hint = Suele ser el peso mayor: hace que decida el fair-share.
fs-w-jobsize-label = PriorityWeightJobSize
fs-w-jobsize-hint = Favorece los trabajos grandes (nodos y CPUs frente a los del clúster).
fs-w-partition-label = PriorityWeightPartition
fs-w-partition-hint = Multiplica el PriorityJobFactor de la partición, normalizado.
fs-w-qos-label = PriorityWeightQOS
fs-w-qos-hint = Multiplica la prioridad de la QOS, normalizada.
fs-w-gpu-label = PriorityWeightTRES=GRES/gpu
fs-w-gpu-hint = Multiplica la fracción de las GPUs de la partición que pide el trabajo.
fs-decay = Decaimiento del uso
fs-half-life-label = PriorityDecayHalfLife (d)
fs-half-life-hint = En días salvo que indiques unidad (12 h). 0 desactiva el decaimiento.
fs-reset-label = PriorityUsageResetPeriod
fs-reset-hint = Sin decaimiento, el uso debe ponerse a cero periódicamente.
fs-cluster = Clúster
fs-nodes-label = Nodos
fs-nodes-hint = De la partición.
fs-cpus-per-node-label = CPUs por nodo
fs-cpus-per-node-hint = Para el factor de tamaño.
fs-gpus-per-node-label = GPUs por nodo
fs-gpus-per-node-hint = Para el factor TRES de GPU.
fs-job = El trabajo en cola
fs-job-assoc-label = Usuario y cuenta
fs-job-assoc-hint = La asociación a la que se carga el trabajo.
fs-job-nodes-label = Nodos
fs-job-nodes-hint = Nodos pedidos.
fs-job-cpus-label = CPUs
fs-job-cpus-hint = CPUs pedidas en total.
fs-job-gpus-label = GPUs
fs-job-gpus-hint = GPUs pedidas en total.
fs-job-age-label = Tiempo en espera (h)
fs-job-age-hint = En horas salvo que indiques unidad (30 min, 2 d).
fs-job-partition-label = Factor de partición
fs-job-partition-hint = De 0 a 1: PriorityJobFactor entre el mayor.
fs-job-qos-label = Factor de QOS
fs-job-qos-hint = De 0 a 1: la prioridad de la QOS entre la mayor.
fs-qos-cap-label = GPUs por cuenta
fs-qos-cap-hint = Un límite de QOS como GrpTRES=gres/gpu=32.
fs-priority-title = La prioridad del trabajo
fs-priority-total = Prioridad:
fs-factor-from-fair-tree = El factor de fair-share sale de Fair Tree: la posición del usuario entre todos.
fs-factor-from-classic = El factor de fair-share sale del fair-share clásico: 2^(−uso efectivo ÷ shares normalizados).
fs-col-factor = Factor
fs-col-value = Valor (0–1)
fs-col-weight = Peso
fs-col-adds = Suma
fs-factor-age = Antigüedad
fs-factor-fair-share = Fair-share
fs-factor-job-size = Tamaño
fs-factor-partition = Partición
fs-factor-qos = QOS
fs-sprio-title = Tal como lo imprime sprio -l
fs-sprio-rounding = Slurm suma los factores ponderados y trunca la suma a un número entero, mientras que sprio redondea cada columna por separado: las columnas pueden sumar uno más que la prioridad.
fs-decay-title = El uso pasado se perdona
fs-decay-x = Días desde hoy
fs-decay-y = Factor / uso efectivo
fs-decay-alt = Factor de fair-share y uso efectivo de cada equipo en los próximos días, mientras decae el uso pasado.
fs-legend-solid-factor = continua: factor de fair-share (media de los usuarios del equipo)
fs-legend-dashed-usage = discontinua: uso efectivo
fs-decay-explain = A partir de hoy cada equipo usa exactamente la parte del clúster que le dan sus shares mientras el pasado decae con la vida media (o se pone a cero): el uso efectivo se acerca a los shares y los factores se igualan. Con Fair Tree el factor es una posición, así que solo cambia cuando cambia el orden de los usuarios.
fs-story-title = La historia: 1,000 trabajos contra 10
fs-story-intro = En 64 GPUs, el equipo A (la primera cuenta) encola 1,000 trabajos de una hora y 8 GPUs; un minuto después el equipo B (la segunda cuenta) encola 10. Los shares, el uso pasado (las GPU-horas de los usuarios), el algoritmo y la vida media salen de arriba.
fs-story-qos-cap = Limitar las GPUs de cada cuenta con una QOS
fs-story-preemption = Preemption: reencolar trabajos de una cuenta que supera sus shares
fs-story-b-wait-fcfs = Empieza el primer trabajo de B, por orden de llegada
fs-story-b-wait-fair = Empieza el primer trabajo de B, con fair-share
fs-story-b-done-fcfs = B termina, por orden de llegada
fs-story-b-done-fair = B termina, con fair-share
fs-story-a-done-fair = A termina, con fair-share
fs-story-never = no en un año
fs-story-preempted = { $count ->
    [one] La preemption reencoló un trabajo, que perdió { $lost } GPU-horas de trabajo desde su último checkpoint.
   *[other] La preemption reencoló { $count } trabajos, que perdieron { $lost } GPU-horas de trabajo desde sus últimos checkpoints.
}
fs-story-error = La historia no puede simularse con estos valores.
fs-story-x = Horas
fs-story-y = GPUs en uso del equipo B
fs-story-alt = GPUs en uso del equipo B a lo largo del tiempo, por orden de llegada y con fair-share.
fs-story-legend-fcfs = por orden de llegada (discontinua)
fs-story-legend-fair = fair-share (continua)
fs-error-factor = Un factor está entre 0 y 1.
fs-error-empty-name = Escribe un nombre.
fs-error-bad-name = Los nombres no pueden llevar espacios, comas ni comillas.
fs-error-duplicate = Este nombre ya está en el árbol.
fs-error-unknown-parent = No hay ninguna cuenta llamada «{ $name }». Usa root o una cuenta del árbol.
fs-error-cycle = Estas cuentas son padre una de otra y nunca llegan a root.
fs-error-usage-without-shares = Esta asociación tiene uso pero ningún share.
fs-error-zero-shares = Las asociaciones bajo «{ $name }» suman cero shares; da shares al menos a una.
fs-error-empty-tree = El árbol necesita al menos un usuario.
fs-error-too-many = Como mucho { $n } asociaciones.
fs-error-never-decays = Con una vida media de 0, elige un periodo de puesta a cero, o el uso solo crece.
fs-error-no-such-user = Elige un usuario del árbol.
fs-error-more-than-cluster = Más que los { $n } del clúster.
fs-error-cap-below-job = Menos que un trabajo ({ $n } GPUs): nada podría ejecutarse.
fs-error-two-teams = La historia necesita dos cuentas justo bajo root.

## All-reduce en anillo
ar-device-probing = Buscando una GPU…
ar-device-gpu = Se ejecuta en tu GPU: { $name }.
ar-device-unnamed = un adaptador WebGPU sin nombre
ar-device-software = un adaptador WebGPU por software (sin GPU física)
ar-device-described = { $adapter } (el navegador no da el nombre del modelo)
ar-device-software-described = { $adapter }, un adaptador WebGPU por software (sin GPU física)
ar-device-why = ¿Por qué?
ar-cpu-no-webgpu = Este navegador no tiene WebGPU, así que el mismo plan se ejecuta en la CPU.
ar-cpu-no-adapter = El navegador no ofreció ningún adaptador de GPU, así que el mismo plan se ejecuta en la CPU.
ar-cpu-device-request = La GPU no quiso abrir un dispositivo, así que el mismo plan se ejecuta en la CPU.
ar-ranks-label = Rangos
ar-ranks-hint = De 2 a 64, uno por GPU simulada.
ar-elements-label = Elementos por rango
ar-elements-hint = El buffer que aporta cada rango; no hace falta que se divida exacto.
ar-slow-label = Enlace lento
ar-slow-hint = Ancho de banda del enlace del rango 0 al 1, como fracción de los demás (1 = ninguno lento).
ar-bw-label = Ancho de banda del enlace (GB/s)
ar-bw-hint = Para la gráfica del modelo: NVLink da cientos, InfiniBand decenas.
ar-alpha-label = Latencia (µs)
ar-alpha-hint = Para la gráfica del modelo: el costo de arranque de cada mensaje.
ar-ranks-reading = { $ranks ->
    [one] { $ranks } rango
   *[other] { $ranks } rangos
}
ar-elements-reading = { $size } por rango
ar-slow-reading = { $percent } del ancho de banda de los otros enlaces
ar-slow-reading-none = ningún enlace lento
ar-bw-reading = { $rate } GB/s por enlace
ar-alpha-reading = { $micros } µs por mensaje
ar-algorithm = Algoritmo
ar-algorithm-ring = Anillo: reduce-scatter y luego all-gather
ar-algorithm-tree = Árbol: reducir hacia el rango 0 y luego difundir
ar-type = Tipo de dato
ar-type-f32 = f32 (float)
ar-type-i32 = i32 (int32)
ar-controls = Reproducción
ar-reset = Reiniciar
ar-back = ◀ Paso atrás
ar-play = ▶ Reproducir
ar-pause = Pausa
ar-forward = Paso ▶
ar-speed = Velocidad
ar-step-of = Paso { $step } de { $total }:
ar-phase-reduce-scatter = reduce-scatter. Cada rango envía un trozo a su vecino de la derecha, que lo suma al suyo.
ar-phase-all-gather = all-gather. Cada rango pasa un trozo terminado; quien lo recibe lo copia.
ar-phase-reduce = reducción. Los rangos suman sus buffers por pares, árbol arriba hacia el rango 0.
ar-phase-broadcast = difusión. La suma completa baja de nuevo por el árbol.
ar-phase-done = listo. Todos los rangos tienen la suma completa.
ar-legend-fill = La barra de cada rango muestra sus trozos: cuantos más rangos suma ya un trozo, más oscuro; los verdes tienen la suma completa.
ar-check-gpu-match = Los buffers de la GPU coinciden, elemento a elemento, con los de la referencia en CPU tras este paso.
ar-check-cpu = Calculado por la referencia en CPU.
ar-check-mismatch = Diferencia: rango { $rank }, elemento { $index }: la GPU tiene { $gpu }, la referencia en CPU { $cpu }.
ar-buffers-caption = Los primeros valores de los buffers de los primeros rangos tras este paso
ar-buffers-caption-start = Los primeros valores de los buffers de los primeros rangos antes del primer paso: los datos de partida
ar-model-title = Tiempo según el modelo: anillo frente a árbol
ar-model-x = Tamaño del mensaje por rango
ar-model-y = Tiempo
ar-model-alt = Tiempo de all-reduce según el modelo frente al tamaño del mensaje, para anillo y árbol, en escala log-log, con el enlace lento si lo hay.
ar-legend-ring = anillo
ar-legend-tree = árbol
ar-legend-ring-slow = anillo con el enlace lento
ar-legend-ring-healthy = anillo, todos los enlaces sanos
ar-legend-tree-slow = árbol con el enlace lento
ar-crossover-tree-slow = Con el enlace lento en ambos, el árbol es más rápido por debajo de { $size } por rango, y el anillo por encima.
ar-crossover-ring-slow = Con el enlace lento en ambos, el anillo es más rápido por debajo de { $size } por rango, y el árbol por encima.
ar-crossover-tree = Con estos enlaces el árbol es más rápido por debajo de { $size } por rango, y el anillo por encima.
ar-crossover-ring = Con estos enlaces el anillo es más rápido por debajo de { $size } por rango, y el árbol por encima.
ar-crossover-none = Con estos enlaces ningún algoritmo es nunca más lento que el otro.
ar-measure-title = Una corrida medida
ar-measure-intro = Ejecuta all_reduce_perf -b 8 -e <mayor> -f 2 con tus rangos simulados en este único dispositivo. Las cifras miden la memoria de este dispositivo, no una red.
ar-measure-max = Mayor tamaño por rango
ar-measure = Ejecutar all_reduce_perf
ar-measuring = Ejecutando…
ar-measured-gpu = Medido en { $name }, con todos los rangos simulados en esa única GPU.
ar-measured-cpu = Medido en la CPU, con todos los rangos simulados en esta pestaña.
ar-versus-copy = En el mayor tamaño la reducción movió { $reduce } GB/s, frente a { $copy } GB/s de una copia simple de los mismos buffers en la misma corrida: { $percent } %.
ar-error-cpu-too-large = En la CPU los buffers de todos los rangos pueden sumar 512 MiB; elige un tamaño mayor más pequeño o menos rangos.
ar-error-too-large-for-gpu = Demasiado grande para esta GPU: se piden { $requested } MiB y caben como mucho { $limit } MiB ({ $which }).
ar-gpu-rejected = El driver de tu GPU rechazó este trabajo, así que el mismo plan sigue en la CPU.
ar-gpu-out-of-memory = A tu GPU no le alcanzó la memoria para estos buffers, así que el mismo plan sigue en la CPU; con menos elementos o rangos entrarían.
ar-gpu-lost = Se perdió la GPU (el driver se reinició, o la pestaña pasó demasiado tiempo en segundo plano), así que el mismo plan sigue en la CPU. Recarga la página para volver a usar la GPU.
ar-gpu-readback = No se pudieron leer los resultados desde la GPU, así que el mismo plan sigue en la CPU.
ar-gpu-details = Lo que dijo el navegador
ar-error-ranks = De 2 a 64 rangos.
ar-error-too-many-elements = Como mucho { $n } elementos por rango con tantos rangos.
ar-error-fraction = Una fracción mayor que 0 y como mucho 1.

## Consola de Slurm
sh-intro = Una terminal en el nodo de acceso de un clúster simulado: cuatro nodos de ocho GPUs, particiones gpu y debug, configurado como en el capítulo. Prueba sinfo, squeue, sbatch, scontrol show node node-3 o ssh node-3 nvidia-smi. Escribe help para ver todo lo que conoce.
sh-speed = Tiempo simulado
sh-speed-paused = en pausa
sh-keys = Enter ejecuta un comando; ↑ y ↓ recorren el historial; Tab completa una palabra (en una línea vacía pasa al siguiente elemento, como siempre); Ctrl+C abandona la línea; Ctrl+L limpia la pantalla; Esc sale de la pantalla completa. El botón copiar junto a un comando copia lo que imprimió.
sh-copy = copiar
sh-copied = copiada
sh-copy-failed = selecciónala para copiarla
sh-copy-last = Copiar la última salida
sh-full = Pantalla completa
sh-full-leave = Salir de la pantalla completa (Esc)

## Laboratorios
lab-goals = Objetivos
lab-goal-done = hecho
lab-finding-duplicates = Hay { $count } copias del entrenamiento en espera o en marcha ({ $jobs }): cancela todas menos una con scancel, o se van a pisar los checkpoints.
lab-finding-failed-again = El trabajo { $job } volvió a arrancar en el nodo culpable y volvió a fallar: el entrenamiento está caído, así que ese reinicio ya no cuenta. Haz primero drain de ese nodo y después reencola el trabajo: un nodo en drain no recibe trabajos nuevos.
lab-finding-on-culprit = El trabajo { $job } está corriendo en el nodo culpable y ahí va a volver a fallar. Haz drain de ese nodo y después reencola el trabajo (scontrol requeue { $job } también detiene un trabajo en marcha y lo devuelve a la cola).
lab-finding-unguarded = El trabajo { $job } está de nuevo en la cola, pero el nodo culpable sigue en servicio, así que el planificador puede volver a ponerlo en ese nodo. Por eso se hace drain antes de reencolar: haz drain de ese nodo ahora, mientras el trabajo espera.
lab-finding-wrong-drain = { $node } está en drain, pero no le pasa nada, y el nodo culpable sigue en servicio. Devuelve { $node } al servicio con scontrol update NodeName={ $node } State=RESUME y vuelve a buscar el nodo culpable.
lab-finding-extra-drain = { $node } también está en drain, pero no le pasa nada: solo deja menos nodos para el entrenamiento. Devuélvelo al servicio con scontrol update NodeName={ $node } State=RESUME.
lab-finding-starved = El trabajo { $job } espera recursos (Resources en squeue): necesita cuatro nodos enteros y, con { $node } en drain, no quedan suficientes libres.
lab-finding-delayed = El trabajo { $job } espera la demora de un trabajo reencolado (BeginTime en squeue), unos dos minutos: deja correr el reloj.
lab-finding-waiting = El trabajo { $job } está pendiente; squeue da el motivo { $reason }.
lab-goal-open = pendiente
lab-hint = Ver una pista
lab-solution = Ver la solución
lab-solution-label = Solución:
lab-reset = Empezar el laboratorio de nuevo
lab-reset-question = ¿Empezar de nuevo? Se olvidará todo lo que has hecho en este laboratorio.
lab-reset-confirm = Sí, empezar de nuevo
lab-reset-cancel = Seguir
lab-restored = Bienvenido de nuevo: se ha recuperado tu progreso en este laboratorio.
lab-unreadable = No se ha podido leer tu progreso guardado ({ $why }), así que el laboratorio empieza de cero.
lab-other-incident = Esta dirección pide el incidente { $wanted }, pero tienes trabajo guardado en el incidente { $saved }, así que se abre ese: no se pierde nada de lo que has hecho.
lab-other-incident-start = Empezar el incidente { $wanted } (olvida el incidente { $saved })

lab-bus-intro = Eres alice y esta noche estás de guardia en este clúster de ocho nodos, con permisos de operador (puedes hacer drain de nodos y reencolar trabajos de cualquiera). Son las 03:32 y tu propio trabajo de entrenamiento, llm-pretrain, ha muerto. Todo lo que hagas aquí se guarda en este navegador. Los objetivos se marcan solos cuando cambia el estado del clúster; sirve cualquier comando correcto.
lab-bus-goal-inspect = Mira las GPUs del nodo que ha perdido una (su registro del kernel o nvidia-smi)
lab-bus-goal-drain = Haz drain de ese nodo, con un motivo
lab-bus-goal-requeue = Devuelve el trabajo de entrenamiento a la cola
lab-bus-goal-resume = Compruébalo de nuevo en marcha en nodos sanos, desde su último checkpoint
lab-bus-hint-inspect-1 = sacct -j { $job } -o JobID,State,ExitCode,NodeList muestra en qué nodos corrió el trabajo que falló; su salida es llm-pretrain-{ $job }.out, en tu directorio personal. Al final, el torchrun de cada nodo informa una falla, pero no todas fallaron igual: busca la que tiene código de salida 1.
lab-bus-hint-inspect-2 = grep -E 'host|exitcode' llm-pretrain-{ $job }.out pone cada falla junto a su host. La que tiene código de salida 1 (su rango informó un error de CUDA) nombra al sospechoso; los otros rangos (-6) quedaron aislados y después los tiró abajo el watchdog. Confírmalo ahí: ssh <ese host> dmesg -T | grep NVRM muestra un Xid 79.
lab-bus-hint-drain-1 = Haz drain antes de reencolar el trabajo, o el planificador puede volver a asignarle ese nodo. Hacer drain es actualizar el nodo: scontrol update NodeName=… State=DRAIN necesita también un Reason=.
lab-bus-hint-drain-2 = Que el motivo sea corto, sale en sinfo -R: scontrol update NodeName=node-N State=DRAIN Reason="Xid 79 GPU perdida"
lab-bus-hint-requeue-1 = Un trabajo de lote fallido puede volver a la cola con su mismo número mientras el controlador lo recuerde (este clúster guarda los trabajos terminados un día); enviar train.sh de nuevo funciona en cualquier clúster.
lab-bus-hint-requeue-2 = scontrol requeue { $job }
lab-bus-hint-resume-1 = Un trabajo reencolado espera unos dos minutos (BeginTime). Deja correr el reloj o escribe sleep 180.
lab-bus-hint-resume-2 = squeue -u alice muestra dónde corre; grep resuming en su archivo de salida muestra el checkpoint que ha cargado.
lab-bus-solution-inspect = La única falla con código de salida 1 en el archivo de salida está en { $node }; ssh { $node } dmesg -T | grep NVRM muestra el Xid 79 de la GPU que se cayó del bus, y ssh { $node } nvidia-smi solo imprime un error.
lab-bus-solution-drain = scontrol update NodeName={ $node } State=DRAIN Reason="Xid 79 GPU perdida"
lab-bus-solution-requeue = scontrol requeue { $job } (o, como en cualquier clúster, sbatch train.sh desde tu directorio personal).
lab-bus-solution-resume = sleep 180 y después squeue -u alice: el trabajo corre en nodos sin { $node }; grep resuming llm-pretrain-*.out nombra el checkpoint que cargó.
lab-bus-complete = Laboratorio completado: el nodo averiado está fuera de servicio con su motivo, y el entrenamiento sigue desde su checkpoint en nodos sanos.

lab-lane-intro = Eres alice y esta noche estás de guardia en este clúster de ocho nodos, con permisos de operador (puedes hacer drain de nodos y reencolar trabajos de cualquiera). Son las 03:32 y el watchdog de NCCL acaba de matar tu propio trabajo de entrenamiento, llm-pretrain, que llevaba horas avanzando muy lento. Todo lo que hagas aquí se guarda en este navegador. Los objetivos se marcan solos cuando cambia el estado del clúster; sirve cualquier comando correcto.
lab-lane-goal-measure = Ejecuta all_reduce_perf en un par de nodos que incluya el lento y en otro que no lo incluya
lab-lane-goal-drain = Haz drain del nodo lento, con un motivo
lab-lane-goal-resubmit = Vuelve a poner en marcha el entrenamiento sin ese nodo (enviado de nuevo excluyéndolo, o reencolado una vez hecho el drain)
lab-lane-goal-resume = Compruébalo retomado desde su checkpoint a toda velocidad
lab-lane-hint-measure-1 = sacct -j { $job } -o JobID,State,NodeList lista los cuatro nodos que usó el trabajo. Ahora están libres: mide dos pares que no compartan ningún nodo y después una verificación cruzada.
lab-lane-hint-measure-2 = srun --mpi=pmix -N2 -w node-1,node-2 --ntasks-per-node=1 --gpus-per-node=8 all_reduce_perf -b 8 -e 256M -f 2 -g 8, y luego node-3,node-4. Sin --mpi=pmix cada nodo se prueba solo a sí mismo. Compara el busbw del tamaño más grande.
lab-lane-hint-drain-1 = El culpable es el nodo del par lento que también es lento junto a un nodo sano.
lab-lane-hint-drain-2 = scontrol update NodeName=node-N State=DRAIN Reason="busbw bajo nccl-tests"
lab-lane-hint-resubmit-1 = train.sh, en tu directorio personal, es el script del trabajo; sbatch puede mantener un trabajo fuera de un nodo con --exclude.
lab-lane-hint-resubmit-2 = sbatch --exclude=node-N train.sh (o sbatch -x node-N train.sh)
lab-lane-hint-resume-1 = Deja correr el reloj hasta que squeue muestre el nuevo trabajo en marcha.
lab-lane-hint-resume-2 = Su archivo de salida muestra el checkpoint desde el que sigue y los segundos por paso, de nuevo por debajo de uno.
lab-lane-solution-measure = srun --mpi=pmix -N2 -w { $node },{ $partner } --ntasks-per-node=1 --gpus-per-node=8 all_reduce_perf -b 8 -e 256M -f 2 -g 8 y luego lo mismo con -w { $pair }: el par con { $node } llega al { $percent } % del busbw del otro.
lab-lane-solution-drain = scontrol update NodeName={ $node } State=DRAIN Reason="busbw bajo nccl-tests"
lab-lane-solution-resubmit = sbatch --exclude={ $node } train.sh, desde tu directorio personal.
lab-lane-solution-resume = sleep 120 y después squeue -u alice muestra el nuevo trabajo en marcha; grep resuming llm-pretrain-*.out muestra el checkpoint y los segundos por paso.
lab-lane-complete = Laboratorio completado: el nodo lento está fuera de servicio con la prueba en su motivo, y el entrenamiento vuelve a correr a toda velocidad desde su checkpoint.

# La búsqueda de la barra superior (src/site/search_box.rs); los conteos se
# escriben en el índice de búsqueda de cada idioma al compilar el libro.
search-label = Buscar en el libro
search-placeholder = Buscar
search-results-label = Resultados de la búsqueda
search-results = { $count ->
    [0] Ningún resultado
    [one] { $count } resultado
   *[other] { $count } resultados
  }
search-results-more = Más de { $count } resultados: se muestran los primeros { $count }
search-unavailable = No se pudo cargar la búsqueda. Vuelve a cargar la página para intentarlo de nuevo.

# El nombre del libro bajo su ícono una vez instalado (caben unos 12 caracteres).
app-short-name = Clústeres GPU
# Aparece cuando ya se guardó una versión más nueva del libro para leerla sin conexión.
update-available = Hay una versión nueva de este libro.
update-reload = Recargar para leerla
# El incidente de cada alumno en un laboratorio: términos y valores sobre los objetivos.
lab-incident = Tu incidente
lab-incident-job = Tu trabajo
lab-incident-state = Terminó
lab-incident-nodes = Nodos que usó
lab-incident-seed = Número de incidente
