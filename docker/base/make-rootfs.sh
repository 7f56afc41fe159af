#!/usr/bin/env bash
# Builds the root filesystem every XtremeHub image starts from, without a Docker daemon or a
# registry: a jlink'ed Java runtime of the build JDK in /opt/java, the shared libraries it needs
# (exactly those `ldd` names, copied from the build machine: glibc, libstdc++, libgcc_s, zlib, ...),
# /etc/passwd and /etc/group with the unprivileged user xtremehub (10001:10001), /tmp and the data
# directory /var/lib/xtremehub. Jib adds this tree as a layer on top of `scratch`.
#
#   make-rootfs.sh OUT_DIR JAVA_HOME
#
# The tree is rebuilt only when this script or the JDK changed (a stamp in OUT_DIR says which).
set -euo pipefail
out="$1"
java_home="$2"
jlink="$java_home/bin/jlink"
[ -x "$jlink" ] || { echo "make-rootfs: no jlink in $java_home (a full JDK with jmods is needed)" >&2; exit 1; }

# Modules: Java SE plus what our dependencies use beyond it (sun.misc.Unsafe for Netty and
# Pravega, the JDK HTTP server of the autoscaler, EC crypto for TLS, zipfs, DNS naming, JFR).
modules=java.se,jdk.unsupported,jdk.management,jdk.management.agent,jdk.crypto.ec,jdk.crypto.cryptoki,jdk.zipfs,jdk.naming.dns,jdk.httpserver,jdk.net,jdk.jfr,jdk.security.auth,jdk.localedata,jdk.charsets

stamp="$(sha256sum "$0" | cut -c1-64) $("$java_home/bin/java" -version 2>&1 | tr '\n' ' ')"
if [ -d "$out" ] && [ -f "$out.stamp" ] && [ "$(cat "$out.stamp")" = "$stamp" ]; then
  exit 0
fi
rm -rf "$out" "$out.tmp" "$out.stamp"
root="$out.tmp"
mkdir -p "$root/opt" "$root/etc" "$root/tmp" "$root/var/lib/xtremehub"

"$jlink" --add-modules "$modules" --include-locales=en,de,fr,ja,zh --strip-debug --no-header-files \
  --no-man-pages --output "$root/opt/java"
# Debian's JDK links its legal notices to /usr/share: keep them as files
find "$root/opt/java" -type l | while read -r link; do
  target="$(readlink -f "$link")"
  rm "$link" && cp "$target" "$link"
done
# AWT, sound and font libraries load only with a display; a headless server never opens them,
# and they would pull X11, ALSA and FreeType into the image.
rm -f "$root"/opt/java/lib/{libawt_xawt.so,libjawt.so,libsplashscreen.so,libjsound.so,libfontmanager.so}

# Shared libraries: everything ldd resolves for the launcher, the JVM and the runtime's libraries,
# at the same absolute path (the ELF interpreter included). libjvm.so is found by the launcher.
libs="$(for f in "$root"/opt/java/bin/* "$root"/opt/java/lib/*.so "$root"/opt/java/lib/server/libjvm.so; do
  ldd "$f" | grep -v -e 'libjvm.so => not found' -e 'linux-vdso' || true
done | sort -u)"
if grep -q 'not found' <<<"$libs"; then
  echo "make-rootfs: libraries not found on this machine:" >&2
  grep 'not found' <<<"$libs" >&2
  exit 1
fi
while read -r line; do
  case "$line" in
    *"=> /"*) path="$(sed -E 's/.*=> ([^ ]+) .*/\1/' <<<"$line")" ;;
    /*) path="${line%% *}" ;;
    *) continue ;;
  esac
  case "$path" in "$root"/*) continue ;; esac   # the runtime's own libraries
  mkdir -p "$root$(dirname "$path")"
  cp -L "$path" "$root$path"
done <<<"$libs"
[ -f "$root/lib64/ld-linux-x86-64.so.2" ] || { echo "make-rootfs: no ELF interpreter copied" >&2; exit 1; }

cat >"$root/etc/passwd" <<'PASSWD'
root:x:0:0:root:/root:/sbin/nologin
xtremehub:x:10001:10001:XtremeHub:/var/lib/xtremehub:/sbin/nologin
nobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin
PASSWD
cat >"$root/etc/group" <<'GROUP'
root:x:0:
xtremehub:x:10001:
nogroup:x:65534:
GROUP
# no symbolic links: Jib copies files, and the layout must not depend on the build machine's links
if [ -n "$(find "$root" -type l)" ]; then
  echo "make-rootfs: symbolic links in the tree:" >&2; find "$root" -type l >&2; exit 1
fi
mv "$root" "$out"
echo "$stamp" >"$out.stamp"
echo "make-rootfs: $(du -sh "$out" | cut -f1) in $out"
