/**
 * The client report's styles, inline in the page (the page loads nothing else): readable on a
 * phone and at 1280 px, and printed on A4, with an issue, a table or a heading never cut from what follows. `--accent` is the brand's colour.
 */
export const REPORT_CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f8fafc}
main{max-width:60rem;margin:0 auto;padding:1.5rem 1rem 3rem}
header.brand{display:flex;flex-wrap:wrap;align-items:center;gap:1rem;border-bottom:4px solid var(--accent);padding-bottom:1rem;margin-bottom:1.5rem}
header.brand img{max-height:3.5rem;max-width:min(12rem,40vw)}
header.brand p{margin:0;color:#4b5563}
h1{font-size:1.6rem;margin:0;overflow-wrap:anywhere}
h2{font-size:1.25rem;color:var(--accent);margin:0 0 .75rem}
h3{font-size:1.05rem;margin:1rem 0 .5rem}
section{background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:1rem 1.25rem;margin-bottom:1rem}
table.facts{border-collapse:collapse;width:100%}
table.facts th,table.facts td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #f1f5f9;vertical-align:top;overflow-wrap:anywhere}
table.facts th{font-weight:600;width:40%}
.score{font-size:1.1rem;margin:0 0 .5rem}.score strong{font-size:2.5rem;color:var(--accent)}
ul.issues{list-style:none;padding:0;margin:0}
li.issue{border-left:4px solid #9ca3af;padding:.25rem .75rem;margin-bottom:.75rem}
li.issue.critical{border-color:#b91c1c}li.issue.warning{border-color:#b45309}
li.issue p{margin:0}
.sev{font-size:.75rem;font-weight:700;text-transform:uppercase;letter-spacing:.04em;color:#374151}
.count{color:#4b5563}
ul.urls{margin:.25rem 0 0;padding-left:1.25rem;font-size:.875rem;overflow-wrap:anywhere}
.more{color:#4b5563;list-style:none}
.note{color:#374151}
footer{color:#4b5563;font-size:.875rem;text-align:center}
@media print{
  body{background:#fff;font-size:11pt}
  main{max-width:none;padding:0}
  section{border:none;border-radius:0;padding:0 0 .5rem;margin-bottom:.75rem}
  li.issue,table.facts,.score{break-inside:avoid}
  h2,h3{break-after:avoid}
  @page{size:A4;margin:16mm 14mm}
}
`;
