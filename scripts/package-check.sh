#!/usr/bin/env bash
# Installs the Debian package on a clean Debian (a minimal bookworm made with debootstrap, in
# target/clean-root, fresh each run) the way a person would, `apt install ./curio_*.deb`, and checks it there:
#   - `curio --version` names the commit; a solver runs headless;
#   - `man curio` and `man curio-mines` show their pages; bash completes the subcommands;
#   - the desktop entry validates (desktop-file-validate), its icon is in the hicolor theme,
#     the MIME types are known; the AppStream metainfo validates (appstreamcli), with its
#     screenshots fetched from docs/img/ served on this machine;
#   - the app renders frames with only what the package pulled in: under the X display given
#     (Xvfb) and natively under a headless Wayland compositor (weston), saying which ran.
# Needs root (debootstrap, chroot, mounts), the network to Debian's mirror, weston, and an X
# display (starts its own Xvfb where DISPLAY is not set). Run after scripts/package-deb.sh built the package with
# --screenshots-url http://127.0.0.1:8765 (what .ci/run does). docs/packaging.md.
set -euo pipefail
cd "$(dirname "$0")/.."

deb=$(ls -t target/debian/curio_*.deb | head -1)
root=target/clean-root
port=8765
pids=()
mounts=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for (( i=${#mounts[@]}-1; i>=0; i-- )); do umount -l "${mounts[$i]}" 2>/dev/null || true; done
}
trap cleanup EXIT
if [ -z "${DISPLAY:-}" ]; then
  Xvfb :89 -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
  pids+=($!)
  export DISPLAY=:89
  for _ in $(seq 1 50); do [ -S /tmp/.X11-unix/X89 ] && break; sleep 0.2; done
fi
bind() { mkdir -p "$root$2"; mount --bind "$1" "$root$2"; mounts+=("$root$2"); }
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
check() { echo "ok: $*"; }

started=$(date +%s)
# A fresh root each run, from a pristine copy kept beside it (made once, by debootstrap).
base=target/clean-root-base.tar
if [ ! -s "$base" ]; then
  rm -rf "$root"
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >/dev/null
  tar -C "$root" -cf "$base.part" . && mv "$base.part" "$base"
fi
rm -rf "$root" && mkdir -p "$root" && tar -C "$root" -xf "$base"
echo "clean Debian root ready in $(( $(date +%s) - started )) s"
mkdir -p "$root/proc" && mount -t proc proc "$root/proc" && mounts+=("$root/proc")
bind /dev /dev
bind /dev/pts /dev/pts
bind /sys /sys
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" "$root/tmp/"
before=$(in_root dpkg-query -W -f '${Package}\n' | wc -l)
in_root sh -c "DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq /tmp/$(basename "$deb")" >/dev/null
after=$(in_root dpkg-query -W -f '${Package}\n' | wc -l)
check "apt install ./$(basename "$deb") on a clean bookworm pulled in $(( after - before - 1 )) packages"

# The tools that check what was installed (not what Curio needs).
in_root sh -c "DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  man-db bash-completion desktop-file-utils appstream" >/dev/null

version=$(in_root curio --version)
[[ "$version" =~ ^curio\ [0-9.]+\ \(commit\ [0-9a-f]{12}\ [0-9-]{10}\)$ ]] || { echo "bad --version: $version"; exit 1; }
check "$version"
in_root curio mines bench --level beginner --games 20 --seed 1 >/dev/null
check "curio mines bench runs headless"
missing=$(in_root ldd /usr/bin/curio | grep "not found" || true)
[ -z "$missing" ] || { echo "libraries not found: $missing"; exit 1; }
file -b "$root/usr/bin/curio" | grep -q ", stripped" || { echo "the binary is not stripped"; exit 1; }
check "every linked library present; the binary stripped"

in_root sh -c "MANPAGER=cat COLUMNS=100 man curio" | grep -q "curio-mines(1)" || { echo "man curio"; exit 1; }
in_root sh -c "MANPAGER=cat COLUMNS=100 man curio-mines" | grep -q "curio-mines-bench(1)" || { echo "man curio-mines"; exit 1; }
check "man curio, man curio-mines ($(ls "$root/usr/share/man/man1" | grep -c '^curio') pages)"

completed=$(in_root bash -c 'source /usr/share/bash-completion/bash_completion
  source /usr/share/bash-completion/completions/curio
  COMP_WORDS=(curio mi); COMP_CWORD=1; COMP_LINE="curio mi"; COMP_POINT=8; _curio curio mi curio
  echo "${COMPREPLY[*]}"; COMP_WORDS=(curio mines b); COMP_CWORD=2; _curio curio b mines; echo "${COMPREPLY[*]}"')
grep -qx "mines" <<< "$(head -1 <<< "$completed" | tr ' ' '\n')" || { echo "bash completion of 'curio mi': $completed"; exit 1; }
grep -qx "bench" <<< "$(tail -1 <<< "$completed" | tr ' ' '\n')" || { echo "bash completion of 'curio mines b': $completed"; exit 1; }
check "bash completes 'curio mi' to mines, 'curio mines b' to bench"

in_root desktop-file-validate /usr/share/applications/curio.desktop
icon=$(sed -n 's/^Icon=//p' "$root/usr/share/applications/curio.desktop")
for size in 16x16 32x32 48x48 64x64 128x128 256x256; do
  [ -s "$root/usr/share/icons/hicolor/$size/apps/$icon.png" ] || { echo "no $size icon '$icon'"; exit 1; }
done
[ -s "$root/usr/share/icons/hicolor/scalable/apps/$icon.svg" ] || { echo "no scalable icon"; exit 1; }
check "curio.desktop validates; its icon '$icon' is in hicolor (16 to 512 px and scalable)"
# The desktop's MIME database (update-mime-database ran from the package's trigger) knows
# Curio's types by their first bytes, and the desktop entry is the application for them.
for type in text/x-curio-go-record text/x-curio-mines-board; do
  grep -qx "$type" "$root/usr/share/mime/types" || { echo "MIME type $type not in the database"; exit 1; }
  grep -q "^$type=.*curio.desktop" "$root/usr/share/applications/mimeinfo.cache" || { echo "$type: no curio.desktop"; exit 1; }
done
grep -aq "eugo " "$root/usr/share/mime/magic" && grep -aq "mines=" "$root/usr/share/mime/magic" || { echo "no magic"; exit 1; }
check "the MIME types are known and curio.desktop opens them"

(cd docs/img && exec python3 -m http.server "$port" --bind 127.0.0.1 >/dev/null 2>&1) &
pids+=($!)
sleep 1
# Curio has no domain to name itself by, so its component id is 'curio', not reverse-DNS:
# that naming hint is the one issue let through.
in_root appstreamcli validate --override=cid-desktopapp-is-not-rdns=info /usr/share/metainfo/curio.metainfo.xml
check "the AppStream metainfo validates, its screenshots found"

# The app, on the X display and on a headless weston, with the libraries the package pulled.
bind /tmp/.X11-unix /tmp/.X11-unix
report=$(in_root sh -c "DISPLAY=$DISPLAY XDG_RUNTIME_DIR=/tmp curio gui --fresh --measure-fps 3 --size 1000x700")
echo "$report" | grep -q '"window_system":"x11"' || { echo "X11: $report"; exit 1; }
check "renders on X11: $report"
runtime=$(mktemp -d /tmp/curio-weston.XXXXXX)
chmod 700 "$runtime"
XDG_RUNTIME_DIR="$runtime" weston --backend=headless-backend.so --use-pixman --no-config --idle-time=0 \
  --width=1280 --height=820 --socket=wayland-check >"$runtime.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do [ -S "$runtime/wayland-check" ] && break; sleep 0.1; done
bind "$runtime" /run/curio-wayland
report=$(in_root sh -c "WAYLAND_DISPLAY=wayland-check XDG_RUNTIME_DIR=/run/curio-wayland curio gui --fresh --measure-fps 3 --size 1000x700")
echo "$report" | grep -q '"window_system":"wayland"' || { echo "Wayland: $report"; cat "$runtime.log"; exit 1; }
check "renders natively on Wayland: $report"
echo "package checked on a clean Debian in $(( $(date +%s) - started )) s"
