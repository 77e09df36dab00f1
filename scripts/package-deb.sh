#!/usr/bin/env bash
# Builds the Debian package: target/debian/curio_<version>-1_<arch>.deb.
#   scripts/package-deb.sh [--screenshots-url URL] [--profile dev|release] [--no-build]
# Makes the files the package installs beside the binary under target/package/ (manual pages
# and completions from `curio generate`, icons drawn by `curio star render`, the AppStream
# metainfo), then runs cargo-deb (installed with `cargo install cargo-deb --locked` when
# missing). AppStream wants screenshots as web addresses: --screenshots-url is where
# docs/img/ is served (the metainfo then names mines.png, tetris-play.png, star.png and go.png
# under it); without it the metainfo has no screenshots. Prints the package's size and its
# installed size. --profile dev packages the debug build (its dependencies optimised, as after
# `cargo test`): what CI does, where a release build would add ten minutes. docs/packaging.md.
set -euo pipefail
cd "$(dirname "$0")/.."

screenshots_url=""
profile=release
build=1
while [ $# -gt 0 ]; do
  case "$1" in
    --screenshots-url) screenshots_url="${2:?--screenshots-url needs a URL}"; shift 2 ;;
    --profile) profile="${2:?--profile needs dev or release}"; shift 2 ;;
    --no-build) build=0; shift ;;
    *) echo "error: unknown argument '$1' (--screenshots-url URL, --profile dev|release, --no-build)" >&2; exit 2 ;;
  esac
done

if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
  export PATH="$HOME/.cargo/bin:$PATH"
fi
if ! cargo deb --version >/dev/null 2>&1; then
  cargo install cargo-deb --locked --quiet
fi
case "$profile" in
  release) folder=release ;;
  dev) folder=debug ;;
  *) echo "error: --profile is dev or release, not '$profile'" >&2; exit 2 ;;
esac
if [ "$build" = 1 ]; then
  cargo build --profile "$profile" --locked
fi
curio=target/$folder/curio
stage=target/package
rm -rf "$stage"
mkdir -p "$stage/completions" "$stage/icons/scalable/apps"

"$curio" generate man --out "$stage/man"
gzip -9n "$stage"/man/*.1
"$curio" generate completion bash > "$stage/completions/curio"
"$curio" generate completion zsh > "$stage/completions/_curio"
"$curio" generate completion fish > "$stage/completions/curio.fish"

# The icon: the star polygon {7/3} shaded by winding density, drawn by Curio itself.
icon=(star render --n 7 --d 3 --style density --transparent)
"$curio" "${icon[@]}" --out "$stage/icons/scalable/apps/curio.svg" >/dev/null
for size in 16 24 32 48 64 128 256 512; do
  mkdir -p "$stage/icons/${size}x${size}/apps"
  "$curio" "${icon[@]}" --size "$size" --out "$stage/icons/${size}x${size}/apps/curio.png" >/dev/null
done

# The metainfo, with the screenshots under --screenshots-url or without any.
if [ -n "$screenshots_url" ]; then
  sed "s#@SCREENSHOTS@#${screenshots_url%/}#g" packaging/curio.metainfo.xml > "$stage/curio.metainfo.xml"
else
  sed '/<screenshots>/,/<\/screenshots>/d' packaging/curio.metainfo.xml > "$stage/curio.metainfo.xml"
  echo "note: no --screenshots-url, so the AppStream metainfo lists no screenshots" >&2
fi

deb=$(cargo deb --no-build --locked --quiet --profile "$profile" | tail -1)
echo "$deb"
installed_kib=$(dpkg-deb --field "$deb" Installed-Size)
echo "package: $(du -k "$deb" | cut -f1) KiB; installed: ${installed_kib} KiB; binary stripped: $(dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/bin/curio | file - | grep -q 'not stripped' && echo no || echo yes)"
