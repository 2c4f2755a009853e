#!/usr/bin/env node
/**
 * The last step of `npm run build` in apps/web, after the client build (dist/) and the server build
 * of src/prerender.tsx (dist-ssr/):
 *
 * 1. dist/login.html: the sign-in page pre-rendered in each language (English, Marathi, Hindi), each
 *    in a <template>. The first-paint script in the head (index.html) sets the theme class and
 *    <html lang> from localStorage; the picker script after the templates moves the stored
 *    language's page into #root, so it paints before any JavaScript file has arrived, and main.tsx
 *    hydrates it. The server sends it for /login and /srpf-login.
 * 2. dist/script-hashes.json: the SHA-256 of every inline script of the pages, which the server adds
 *    to its Content-Security-Policy (`script-src 'self' 'sha256-…'`): no other inline script runs.
 * 3. A brotli (.br) and a gzip (.gz) copy of every text file, which the server sends to browsers
 *    that accept them (@fastify/static's preCompressed).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');
const LOGIN_PAGE = 'src/features/auth/routes/login-page.tsx';
const HERO_IMAGE = '/hero-parade.svg';

const { renderLoginPage, renderSignedInShell, LANGUAGES, PUBLIC_PATHS } = await import(
  pathToFileURL(join(web, 'dist-ssr', 'prerender.js')).href
);
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const index = readFileSync(join(dist, 'index.html'), 'utf8');

/** Replaces exactly one occurrence, so a changed index.html fails the build instead of a page. */
function replaceOnce(html, search, replacement) {
  const at = html.indexOf(search);
  if (at < 0 || html.indexOf(search, at + 1) >= 0) throw new Error(`index.html must contain ${search} exactly once`);
  return html.slice(0, at) + replacement + html.slice(at + search.length);
}

/** A chunk and what it imports statically, less what index.html already loads or preloads. */
function staticModules(key) {
  const files = new Set();
  const visit = (name) => {
    const chunk = manifest[name];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (!manifest[key]) throw new Error(`The manifest has no chunk for ${key}`);
  visit(key);
  return [...files].filter((file) => !index.includes(`/${file}"`)).map((file) => `/${file}`);
}

// Moves the stored language's page into #root (nobody signed in: a signed-in visitor goes on to the
// dashboard, rendered afresh), drops the other templates, and until the form is live keeps it from
// being submitted natively (which would put the password in the address), noting the attempt for
// the form to carry out once hydrated (src/lib/prerendered.ts). The page's JavaScript is asked for
// only once the page has loaded (its image and font in): on a slow connection the page paints
// sooner without the scripts sharing the line, and the form is live a moment later. A signed-in
// visitor's scripts load at once.
function picker(entry, preloads) {
  return (
    "(function(d){var r=d.getElementById('root'),t=d.querySelector('template[data-language=\"'+d.documentElement.lang+'\"]'),s;" +
    "try{s=localStorage.getItem('srpf_auth_token')}catch(e){}if(t&&!s)r.appendChild(t.content);" +
    "d.querySelectorAll('template[data-language]').forEach(function(n){n.remove()});" +
    "d.addEventListener('submit',function(e){if(!r.hasAttribute('data-hydrated')){e.preventDefault();r.setAttribute('data-submitted','')}},true);" +
    `function l(){${JSON.stringify(preloads)}.forEach(function(h){var k=d.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href=h;d.head.appendChild(k)});` +
    `var m=d.createElement('script');m.type='module';m.crossOrigin='';m.src=${JSON.stringify(entry)};d.head.appendChild(m)}` +
    "if(s||!t)l();else addEventListener('load',l)})(document)"
  );
}

const templates = [];
for (const language of LANGUAGES) {
  // React adds a preload of the hero image (fetchPriority="high") before the markup; it is no part of
  // the tree the browser hydrates, and the head carries that preload once for every language.
  const markup = (await renderLoginPage(language)).replace(/^(<link [^>]*>)+/, '');
  if (!markup.includes('id="login-title"')) throw new Error(`The ${language} sign-in page did not render`);
  templates.push(`<template data-language="${language}">${markup}</template>`);
}

/**
 * The stylesheet of index.html, written into login.html's head: the sign-in page then paints with
 * the document alone, one round trip sooner on a slow connection (the CSP allows inline styles).
 */
function inlineStylesheet(html) {
  const link = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/.exec(html);
  if (!link) throw new Error('index.html must link its stylesheet');
  const css = readFileSync(join(dist, link[1]), 'utf8');
  if (css.includes('</style')) throw new Error('The stylesheet cannot be inlined');
  return replaceOnce(html, link[0], `<style>${css}</style>`);
}

/** index.html without its entry script and module preloads: the entry and every module the sign-in page needs first. */
function takeScripts(html) {
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(html);
  if (!entry) throw new Error('index.html must load its entry script');
  let rest = replaceOnce(html, entry[0], '');
  const preloads = [];
  for (const link of html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g)) {
    rest = replaceOnce(rest, link[0], '');
    preloads.push(link[1]);
  }
  return { html: rest, entry: entry[1], preloads: [...preloads, ...staticModules(LOGIN_PAGE)] };
}

const page = takeScripts(inlineStylesheet(index));
let login = replaceOnce(
  page.html,
  '<div id="root"></div>',
  `<div id="root" data-prerendered></div>${templates.join('')}<script>${picker(page.entry, page.preloads)}</script>`,
);
login = replaceOnce(
  login,
  '</head>',
  `<link rel="preload" as="image" href="${HERO_IMAGE}" fetchpriority="high"></head>`,
);
writeFileSync(join(dist, 'login.html'), login);

// The signed-in shell (src/app/signed-in-shell.tsx) in each language, for index.html, which the
// server sends for every address but the sign-in page's. For a visitor with a stored session
// (whose password need not be changed first) on a signed-in address (not /, which redirects, nor
// the router's PUBLIC_PATHS; React Router matches without case, so does the script), the script puts the stored
// language's shell into #root before any JavaScript file has arrived: on /dashboard with its
// welcome strip, the greeting by the hour in Kolkata (UTC+5:30 all year), the first name and
// today's date written in as DashboardBanner writes them; elsewhere the frame alone. main.tsx then
// renders the app, whose first commit replaces the shell.
const SHELL_SCRIPT =
  "(function(d){var r=d.getElementById('root'),l=d.documentElement.lang,p=location.pathname.toLowerCase().replace(/\\/+$/,''),s,u,c,n,x,k,h,g,m,e,w,y,mo,dd;" +
  "try{s=localStorage.getItem('srpf_auth_token');u=JSON.parse(localStorage.getItem('srpf_user')||'null');c=localStorage.getItem('srpf-nav-collapsed')}catch(e){}" +
  "var t=d.querySelector('template[data-shell=\"'+l+'\"]');" +
  "function f(a,o){return a.replace(/\\{\\{\\s*(\\w+)\\s*\\}\\}/g,function(_,q){return q in o?o[q]:_})}function z(v){return(v<10?'0':'')+v}" +
  `if(s&&t&&!(u&&u.must_change_password)&&p&&${JSON.stringify(PUBLIC_PATHS)}.indexOf(p)<0){n=t.content.cloneNode(true);` +
  "if(c==='true'){e=n.querySelector('aside');e.className=e.className.replace('w-64','w-16')}" +
  "if(p==='/dashboard'){x=JSON.parse(t.getAttribute('data-texts'));k=new Date(Date.now()+198e5);h=k.getUTCHours();" +
  "g=x[h>=5&&h<12?'morning':h>=12&&h<17?'afternoon':'evening'];m=u&&typeof u.first_name==='string'?u.first_name.trim():'';" +
  "n.querySelector('[data-banner=greeting]').textContent=m?f(x.withName,{greeting:g,name:m}):g;" +
  "y=k.getUTCFullYear();mo=z(k.getUTCMonth()+1);dd=z(k.getUTCDate());w=new Intl.DateTimeFormat(l+'-IN',{weekday:'long',timeZone:'Asia/Kolkata'}).format(new Date());" +
  "e=n.querySelector('[data-banner=today]');e.setAttribute('datetime',y+'-'+mo+'-'+dd);e.textContent=f(x.today,{weekday:w,date:dd+'/'+mo+'/'+y})}" +
  "else n.querySelector('main').replaceChildren();r.appendChild(n);r.setAttribute('data-shell','')}" +
  "d.querySelectorAll('template[data-shell]').forEach(function(q){q.remove()})})(document)";

const escapeAttribute = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const shells = [];
for (const language of LANGUAGES) {
  const { markup, texts } = await renderSignedInShell(language);
  if (!markup.includes('data-banner="greeting"')) throw new Error(`The ${language} signed-in shell did not render`);
  shells.push(
    `<template data-shell="${language}" data-texts="${escapeAttribute(JSON.stringify(texts))}">${markup}</template>`,
  );
}
const shellIndex = replaceOnce(
  index,
  '<div id="root"></div>',
  `<div id="root"></div>${shells.join('')}<script>${SHELL_SCRIPT}</script>`,
);
writeFileSync(join(dist, 'index.html'), shellIndex);

/** The text of every inline (classic, source-less) script of a page. */
function inlineScripts(html) {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1])
    .filter((text) => text.trim() !== '');
}
const hashes = [
  ...new Set(
    [shellIndex, login]
      .flatMap(inlineScripts)
      .map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`),
  ),
];
writeFileSync(join(dist, 'script-hashes.json'), `${JSON.stringify({ scriptSrc: hashes }, null, 2)}\n`);

const COMPRESSED = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
let files = 0;
const compress = (folder) => {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (name === '.vite') continue;
    if (statSync(path).isDirectory()) {
      compress(path);
      continue;
    }
    if (!COMPRESSED.has(extname(name)) || statSync(path).size < 512) continue;
    const content = readFileSync(path);
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    files += 1;
  }
};
compress(dist);

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
console.log(
  `login.html: ${LANGUAGES.join(', ')} pre-rendered, ${kB(login.length)} (${kB(readFileSync(join(dist, 'login.html.br')).length)} brotli)`,
);
console.log(`script-hashes.json: ${hashes.length} inline script(s); ${files} files pre-compressed (.br, .gz)`);
