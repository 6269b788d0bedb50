# Lo que dice el `help` de la terminal de Slurm, en español. Solo lo llevan
# las páginas con una terminal. Los nombres de los comandos y sus opciones
# quedan como se escriben. Las llaves se escriben {"{"} y {"}"}.

sh-help-intro =
    Esta es una terminal bash simulada. Ejecuta comandos, tuberías (a | b), listas
    (a; b, a && b, a || b), redirecciones (> >> 2> 2>&1 <), here-documents (<<EOF),
    variables ($HOME, ${"{"}VAR:-default{"}"}, ${"{"}f%.*{"}"}, ${"{"}x/a/b{"}"}, ${"{"}x:0:4{"}"}, $1, "$@"),
    arrays (a=(x y), ${"{"}a[1]{"}"}, "${"{"}a[@]{"}"}"), comodines * y [0-9], {"{"}a,b{"}"} y {"{"}1..5{"}"},
    $(comando), $((1+2)) y ((i++)), if, for (también for ((i=0; i<4; i++))), while,
    until, case, [[ ]], {"{"} {"}"}, ( ) y funciones (f() {"{"} ...; {"}"}). En los scripts
    de lote y en los pasos, cmd & corre en segundo plano hasta wait. time cmd dice
    cuánto tardó cmd en el reloj simulado.
sh-help-shell = Comandos de la terminal:
sh-help-cluster = Comandos del clúster:
sh-help-cmd-dot = ejecuta un script en esta terminal (igual que source)
sh-help-cmd-colon = no hace nada, con éxito
sh-help-cmd-bracket = evalúa una condición: [ -f archivo ], [ "$a" = b ], [ "$n" -gt 3 ] (igual que test)
sh-help-cmd-alias = da nombre a una línea de comandos: alias sq='squeue --me' (sin argumentos: lista los alias)
sh-help-cmd-awk = imprime campos y sumas ('{"{"}print $1{"}"}', -F :, NR>1, /re/, END {"{"}print s{"}"}); un awk pequeño
sh-help-cmd-bash = ejecuta un script (bash job.sh ARGS), comandos (bash -c '...' [NOMBRE ARGS]) o su entrada en una terminal hija; -x, -e, -u y -o como los toma set
sh-help-cmd-break = sale de un bucle for, while o until (break N: de N bucles)
sh-help-cmd-basename = la última parte de un nombre de archivo: basename /a/b.py .py imprime b (-a, -s SUFIJO)
sh-help-cmd-cat = imprime archivos (o la entrada estándar); -n numera las líneas
sh-help-cmd-cd = cambia el directorio actual (cd, cd dir, cd -, cd ..)
sh-help-cmd-chmod = cambia el modo de un archivo; aquí solo importa el bit de ejecución (chmod +x job.sh)
sh-help-cmd-clear = limpia la pantalla de la terminal
sh-help-cmd-command = adónde lleva un comando (command -v NOMBRE: su ruta, o el nombre si es del propio bash), o ejecuta NOMBRE saltándose una función con ese nombre
sh-help-cmd-continue = pasa a la siguiente vuelta de un bucle (continue N)
sh-help-cmd-cp = copia archivos; -r copia directorios
sh-help-cmd-cut = imprime los campos (-f 1,3 -d :) o caracteres (-c 1-5) elegidos de cada línea
sh-help-cmd-date = imprime la fecha y la hora simuladas; date +%F y otros formatos, -d FECHA (@SEGUNDOS, 2024-05-01 10:00, '1 hour ago')
sh-help-cmd-dirname = lo que precede a la última parte de un nombre de archivo: dirname /a/b.py imprime /a
sh-help-cmd-du = espacio en disco de archivos y directorios, en KiB (-s solo el total, -h 4.0K/2.1M, -a también los archivos, -c un total, -d N niveles)
sh-help-cmd-echo = imprime los argumentos; -n sin salto de línea, -e con secuencias de escape
sh-help-cmd-env = imprime el entorno (las variables exportadas)
sh-help-cmd-declare = declara variables con atributos: declare -a NOMBRE=(...) (array), -r (solo lectura), -x (exportada), -p NOMBRE (la muestra); dentro de una función, local
sh-help-cmd-dirs = lista la pila de directorios que guarda pushd (-v numerada, -l sin ~, -c la vacía)
sh-help-cmd-eval = ejecuta sus argumentos, unidos por espacios, como una línea de comandos de esta terminal: eval "$cmd"
sh-help-cmd-exit = termina un script o una sesión ssh (esta terminal simulada sigue abierta)
sh-help-cmd-export = pone variables en el entorno de los comandos (export NOMBRE=valor; -n: la saca; -p: las lista)
sh-help-cmd-false = no hace nada, sin éxito (código de salida 1)
sh-help-cmd-find = busca archivos bajo directorios: find . -name '*.out' -mtime -1, -type f, -size +1M, -exec CMD {"{"}{"}"} + (find --help lista el resto)
sh-help-cmd-grep = imprime las líneas que coinciden con un patrón (-i -v -c -n -E -F -w -x -l -q; -A/-B/-C N líneas de contexto)
sh-help-cmd-head = imprime las primeras líneas de archivos (-n N)
sh-help-cmd-getopts = lee las opciones de un script de una en una: while getopts "n:v" opt; do case $opt in n) N=$OPTARG;; esac; done
sh-help-cmd-hash = los programas que esta terminal recuerda haber encontrado en el $PATH, con cuántas veces se usaron (hash -r los olvida)
sh-help-cmd-help = lista los comandos que conoce esta terminal
sh-help-cmd-history = lista los comandos que escribiste (history N para los últimos N, -c para borrarlos)
sh-help-cmd-hostname = imprime el nombre de la máquina en la que estás
sh-help-cmd-let = evalúa aritmética, asignaciones incluidas: let i=i+1 n*=2 (también ((i++)))
sh-help-cmd-local = hace variables locales a la función en curso (local NOMBRE=valor)
sh-help-cmd-logout = termina una sesión ssh
sh-help-cmd-less = muestra archivos o la entrada estándar página a página (squeue | less); aquí los imprime enteros, -N numera las líneas
sh-help-cmd-ls = lista el contenido de directorios (-l -a -A -1 -d -t -r)
sh-help-cmd-man = muestra la página de manual de un comando: sus opciones aquí y un ejemplo (man sed)
sh-help-cmd-mkdir = crea directorios; -p crea también los de arriba que falten
sh-help-cmd-mapfile = lee las líneas de la entrada en un array (mapfile -t NOMBRE)
sh-help-cmd-popd = vuelve al último directorio que guardó pushd y lo quita de la pila
sh-help-cmd-ml = la forma corta de module en Lmod: ml (lista), ml cuda (carga), ml -cuda (descarga), ml av
sh-help-cmd-module = módulos de entorno (Lmod): module avail, load cuda/12.4, unload, list, purge, spider
sh-help-cmd-mktemp = crea un archivo nuevo con un nombre único y lo imprime (mktemp, mktemp -d para un directorio, mktemp run.XXXXXX)
sh-help-cmd-more = muestra archivos página a página, con un encabezado antes de cada uno si son varios; aquí los imprime enteros
sh-help-cmd-mv = mueve o renombra archivos
sh-help-cmd-printenv = imprime los valores de variables de entorno
sh-help-cmd-pwd = imprime el directorio actual
sh-help-cmd-printf = imprime un formato con argumentos: printf '%s tiene %d GPUs\n' node-1 8 (-v VAR: en una variable)
sh-help-cmd-pushd = cambia a un directorio y guarda el actual en una pila para popd (pushd +N la rota)
sh-help-cmd-read = lee una línea de la entrada en variables (read -r NOMBRE...)
sh-help-cmd-readarray = lee las líneas de la entrada en un array (readarray -t NOMBRE)
sh-help-cmd-readonly = hace variables de solo lectura, o las lista (readonly NOMBRE=valor, readonly -p)
sh-help-cmd-return = sale de una función, con un código (return N)
sh-help-cmd-realpath = el nombre absoluto de un archivo, sin . ni .. (realpath data/../run.sh; -m: no hace falta que exista; --relative-to=DIR)
sh-help-cmd-rm = borra archivos; -r borra directorios, -f ignora los que no existen
sh-help-cmd-rev = invierte los caracteres de cada línea (rev | cut -d/ -f1 | rev: la última parte)
sh-help-cmd-sed = edita las líneas a medida que pasan (sed 's/a/b/g', sed -n '2,5p', sed '/re/d', -E)
sh-help-cmd-seq = imprime una secuencia de números (seq ÚLTIMO, seq PRIMERO ÚLTIMO, seq PRIMERO PASO ÚLTIMO; -s , -w -f %02g)
sh-help-cmd-set = set -e, -u, -x, -o pipefail (+ los desactiva), o los parámetros posicionales; sin argumentos, lista las variables
sh-help-cmd-sh = ejecuta un script en una subterminal, como bash
sh-help-cmd-shift = descarta los primeros parámetros posicionales ($1...): shift [N]
sh-help-cmd-shopt = opciones propias de bash: shopt -s nullglob (un patrón que no coincide con nada no deja ninguna palabra), failglob (es un error), dotglob (* coincide con los nombres que empiezan por .); sin argumentos: las lista
sh-help-cmd-sleep = adelanta el reloj simulado N segundos (N, Ns, Nm, Nh, Nd)
sh-help-cmd-sort = ordena líneas (-n -r -u, claves -k 2,2n, -t SEP)
sh-help-cmd-source = ejecuta un script en esta terminal, conservando sus variables y su directorio
sh-help-cmd-sudo = ejecuta un comando de operador como root, según lo que permite tu entrada de sudoers (sudo -l)
sh-help-cmd-tail = imprime las últimas líneas de archivos (-n N, -n +N)
sh-help-cmd-tac = imprime las líneas de la última a la primera (sacct ... | tac)
sh-help-cmd-tee = copia la entrada estándar a archivos y a la salida estándar; -a agrega al final
sh-help-cmd-test = evalúa una condición: test -f archivo, test "$a" = b, test "$n" -gt 3
sh-help-cmd-touch = crea archivos vacíos o actualiza sus fechas
sh-help-cmd-tr = traduce (tr a-z A-Z), borra (-d) o comprime (-s) caracteres
sh-help-cmd-true = no hace nada, con éxito
sh-help-cmd-trap = ejecuta comandos cuando la terminal termina, un comando falla o llega una señal: trap 'rm -f $TMP' EXIT, trap 'echo falló' ERR, trap 'guardar' TERM (el límite de tiempo), trap 'guardar' USR1 (sbatch --signal=B:USR1@300) (-p: los lista)
sh-help-cmd-type = qué es cada nombre: palabra clave, función, comando propio de bash o programa (type -t: una palabra, -a: todas las coincidencias, -p: la ruta)
sh-help-cmd-uname = imprime el nombre del sistema, el núcleo y la máquina (-a todo, -r la versión del núcleo)
sh-help-cmd-uniq = imprime una sola vez las líneas repetidas contiguas (-c cuenta, -d repetidas, -u únicas)
sh-help-cmd-typeset = lo mismo que declare
sh-help-cmd-unalias = olvida alias (unalias NOMBRE, -a: todos)
sh-help-cmd-unset = elimina variables
sh-help-cmd-wait = espera a que terminen los comandos en segundo plano (cmd &): todos, wait PID, wait %N, o wait -n el siguiente
sh-help-cmd-watch = ejecuta un comando bajo una línea de título, como watch de procps: watch squeue --me (aquí, una sola vuelta)
sh-help-cmd-wc = cuenta líneas, palabras y bytes (-l -w -c)
sh-help-cmd-whoami = imprime tu nombre de usuario
sh-help-cmd-timeout = ejecuta un comando con un límite de tiempo en el reloj simulado: timeout 10m python train.py
sh-help-cmd-xargs = ejecuta un comando con las palabras de la entrada estándar como argumentos (-n N, -I {"{"}{"}"}, -r)
sh-help-cmd-which = muestra dónde se encuentra cada programa en el $PATH (-a: todas las coincidencias)
sh-help-cmd-sacct = los registros contables de los trabajos y sus pasos
sh-help-cmd-sacctmgr = la base de datos contable: sacctmgr show assoc|user|account|qos, add|modify|delete
sh-help-cmd-salloc = reserva una asignación: salloc -N 2 (una terminal hasta exit), o salloc -N 2 srun hostname
sh-help-cmd-sbatch = envía un script de lote
sh-help-cmd-scancel = cancela trabajos
sh-help-cmd-scontrol = muestra y cambia trabajos, nodos y particiones (sin argumentos: su propio prompt)
sh-help-cmd-seff = la eficiencia de CPU y de memoria de un trabajo terminado: seff IDTRABAJO
sh-help-cmd-sinfo = las particiones y los nodos, y sus estados
sh-help-cmd-sprio = los factores de prioridad de los trabajos pendientes
sh-help-cmd-squeue = los trabajos en la cola
sh-help-cmd-sreport = el tiempo de CPU usado, por clúster, cuenta, usuario y wckey: sreport cluster|job|user INFORME (sreport --help los lista)
sh-help-cmd-srun = ejecuta un programa como paso de un trabajo (--pty bash: una terminal en el nodo)
sh-help-cmd-sshare = el uso y los factores de fair-share de cuentas y usuarios
sh-help-cmd-sstat = el uso de recursos de los pasos en ejecución: sstat -j IDTRABAJO
sh-help-cmd-ssh = ejecuta un comando en un nodo de cómputo: ssh node-3 nvidia-smi
sh-help-cmd-nproc = cuántas CPUs pueden usar tus programas aquí (en un trabajo: su parte)
sh-help-cmd-id = tus identificadores de usuario y de grupo (id -un: tu nombre), o los de otro usuario
sh-help-cmd-groups = los grupos a los que perteneces tú u otro usuario
sh-help-cmd-python = el intérprete de Python (python --version); tus scripts se ejecutan en trabajos: srun python train.py
sh-help-cmd-nvidia-smi = las GPUs de este nodo como las ve el driver
sh-help-cmd-dmesg = el registro del kernel de este nodo (dmesg -T para horas legibles)
