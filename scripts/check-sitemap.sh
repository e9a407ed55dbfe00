#!/usr/bin/env bash
# Checks sitemap files the way a search engine's validator would, so tests can hold Mapsmith's
# exports to the protocol rather than to Mapsmith's own reading of it:
#   1. XML Schema (schemas/sitemap/): a urlset against urlset.xsd (sitemaps.org plus the image,
#      video, news and xhtml:link extensions), a sitemap index against siteindex.xsd;
#   2. the rules a schema cannot express: at most 50,000 entries and 52,428,800 bytes
#      uncompressed, loc shorter than 2,048 characters, at most 1,000 image:image per url, the
#      video fields Google requires and its length limits, and no tag Google deprecated in 2022.
# Usage: scripts/check-sitemap.sh FILE...   (.xml, or .xml.gz read through gzip)
# Prints "ok FILE (ROOT, N entries, B bytes)" or "FAIL FILE: reason" per file; exits 0 when every
# file passes, 1 when one fails, 2 without files. Needs xmllint (Debian package libxml2-utils).
set -u
schemas=$(cd "$(dirname "$0")/../schemas/sitemap" && pwd)
if [ "$#" -eq 0 ]; then
  echo "usage: $0 FILE..." >&2
  exit 2
fi
status=0
fail() { echo "FAIL $1: $2"; status=1; bad=1; }
# count XPATH: the number an XPath count() gives on the current file ("0" when it cannot).
count() { local n; n=$(xmllint --xpath "$1" "$tmp" 2>/dev/null) || n=0; echo "${n%.*}"; }
for f in "$@"; do
  bad=0
  tmp=$(mktemp)
  case "$f" in
    *.gz) gzip -dc -- "$f" >"$tmp" 2>/dev/null || { fail "$f" "not valid gzip"; rm -f "$tmp"; continue; } ;;
    *) cat -- "$f" >"$tmp" 2>/dev/null || { fail "$f" "cannot be read"; rm -f "$tmp"; continue; } ;;
  esac
  if ! xmllint --noout "$tmp" 2>/dev/null; then
    fail "$f" "not well-formed XML"
    rm -f "$tmp"
    continue
  fi
  bytes=$(wc -c <"$tmp")
  [ "$bytes" -le 52428800 ] || fail "$f" "$bytes bytes uncompressed (limit 52428800)"
  root=$(xmllint --xpath 'local-name(/*)' "$tmp" 2>/dev/null)
  case "$root" in
    urlset) schema="$schemas/urlset.xsd" entries=$(count 'count(/*/*[local-name()="url"])') ;;
    sitemapindex) schema="$schemas/siteindex.xsd" entries=$(count 'count(/*/*[local-name()="sitemap"])') ;;
    *) fail "$f" "root element is '$root', not urlset or sitemapindex"; rm -f "$tmp"; continue ;;
  esac
  if ! out=$(xmllint --noout --schema "$schema" "$tmp" 2>&1); then
    out=${out//"$tmp"/"$f"}
    fail "$f" "schema: $(echo "$out" | grep -v ' fails to validate$' | head -3 | tr '\n' ' ')"
  fi
  [ "$entries" -le 50000 ] || fail "$f" "$entries entries (limit 50000)"
  long=$(count 'count(//*[local-name()="loc"][string-length(normalize-space(.)) >= 2048])')
  [ "$long" -eq 0 ] || fail "$f" "$long loc values of 2048 characters or more"
  crowded=$(count 'count(/*/*[local-name()="url"][count(*[local-name()="image"]) > 1000])')
  [ "$crowded" -eq 0 ] || fail "$f" "$crowded urls with more than 1000 images"
  V='*[local-name()="video"]'
  incomplete=$(count "count(//$V[not(*[local-name()='thumbnail_loc']) or not(*[local-name()='title']) or not(*[local-name()='description']) or not(*[local-name()='content_loc'] or *[local-name()='player_loc'])])")
  [ "$incomplete" -eq 0 ] ||
    fail "$f" "$incomplete video entries miss a required field (thumbnail_loc, title, description, content_loc or player_loc)"
  oversized=$(count "count(//$V[string-length(*[local-name()='title']) > 100 or string-length(*[local-name()='description']) > 2048 or count(*[local-name()='tag']) > 32])")
  [ "$oversized" -eq 0 ] || fail "$f" "$oversized video entries over Google's title/description/tag limits"
  IMG='namespace-uri()="http://www.google.com/schemas/sitemap-image/1.1"'
  VID='namespace-uri()="http://www.google.com/schemas/sitemap-video/1.1"'
  deprecated=$(count "count(//*[$IMG][local-name()='caption' or local-name()='title' or local-name()='license' or local-name()='geo_location'] | //*[$VID][local-name()='category' or local-name()='gallery_loc' or local-name()='price' or local-name()='tvshow'] | //*[$VID][local-name()='player_loc'][@allow_embed or @autoplay])")
  [ "$deprecated" -eq 0 ] || fail "$f" "$deprecated tags or attributes that Google deprecated in 2022"
  [ "$bad" -ne 0 ] || echo "ok $f ($root, $entries entries, $bytes bytes)"
  rm -f "$tmp"
done
exit $status
