/**
 * The colour tokens (styles/tokens.css, issue 20): no raw Tailwind palette class anywhere else in src/, and the
 * text colours keep 4.5:1 (WCAG AA) in both themes, computed from the token values themselves.
 */
/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs'

// Vitest runs in web/.
const src = `${process.cwd()}/src/`
const tokensCss = readFileSync(`${src}styles/tokens.css`, 'utf8')

/** Every source file of src/ as text, by its path from web/ (/src/...). */
const sources = Object.fromEntries(
  readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && /\.(ts|tsx|css|html)$/.test(f.name))
    .map((f) => {
      const path = `${f.parentPath}/${f.name}`
      return [`/src/${path.slice(src.length).replace(/^\/+/, '')}`, readFileSync(path, 'utf8')]
    }),
)

const utilities = 'bg|text|border|ring|fill|stroke|from|to|via|outline|divide|placeholder|shadow|decoration|accent|caret'
const hues =
  'slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose'
/** A palette class (text-slate-900, hover:bg-emerald-600/50 ...) or white and black as a colour (bg-white, text-black/40). */
const rawPalette = new RegExp(`\\b(?:${utilities})-(?:(?:${hues})-\\d+|white|black)\\b`, 'g')

/** What the scan skips: the token file itself, tests (and test fixtures, which hold API colour values such as the class of a demo's colour) and the generated API types. */
function scanned(path: string) {
  return (
    !path.endsWith('/styles/tokens.css') &&
    !/\.test\.tsx?$/.test(path) &&
    !/^\/src\/(.+\/)?test\//.test(path) &&
    path !== '/src/lib/api-types.ts'
  )
}

export function rawPaletteClasses(files: Record<string, string>) {
  const found: string[] = []
  for (const [path, text] of Object.entries(files)) {
    if (!scanned(path)) continue
    text.split('\n').forEach((line, i) => {
      for (const m of line.matchAll(rawPalette)) found.push(`${path}:${i + 1}: ${m[0]}`)
    })
  }
  return found
}

describe('raw palette classes', () => {
  it('finds none outside styles/tokens.css', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100)
    expect(rawPaletteClasses(sources)).toEqual([])
  })

  it('would find one, with its variant and opacity', () => {
    expect(
      rawPaletteClasses({
        '/src/x.tsx': `<p className="text-muted-foreground hover:bg-emerald-600/50" />\nconst c = cn('bg-white', 'border-slate-200')`,
        '/src/x.test.tsx': `'bg-teal-600'`,
      }),
    ).toEqual(['/src/x.tsx:1: bg-emerald-600', '/src/x.tsx:2: bg-white', '/src/x.tsx:2: border-slate-200'])
  })
})

// --- Contrast, from the token values --------------------------------------------------------------------------

type Oklab = [number, number, number]
type Rgb = [number, number, number]

/** The custom properties of one rule block of tokens.css (`:root`, `html.dark`, `@theme inline`). */
function block(selector: string) {
  const start = tokensCss.indexOf(`${selector} {`)
  if (start < 0) throw new Error(`no ${selector} block in tokens.css`)
  const body = tokensCss.slice(start, tokensCss.indexOf('\n}', start))
  const vars: Record<string, string> = {}
  for (const m of body.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/(--[\w-]+):\s*([^;]+);/g)) vars[m[1]!] = m[2]!.trim()
  return vars
}

const light = { ...block('@theme inline'), ...block(':root') }
const themes = { light, dark: { ...light, ...block('html.dark') } }
type Theme = keyof typeof themes

function oklchToOklab(l: number, c: number, h: number): Oklab {
  const rad = (h * Math.PI) / 180
  return [l, c * Math.cos(rad), c * Math.sin(rad)]
}

/** A token's colour in a theme: oklch(), var() and color-mix(in oklab, A p%, B), as tokens.css writes them. */
function colour(expr: string, theme: Theme): Oklab {
  const vars = themes[theme]
  const v = /^var\((--[\w-]+)\)$/.exec(expr)
  if (v) {
    const value = vars[v[1]!]
    if (!value) throw new Error(`unknown token ${v[1]}`)
    return colour(value, theme)
  }
  const o = /^oklch\(([\d.]+)%\s+([\d.]+)\s+([\d.]+)\)$/.exec(expr)
  if (o) return oklchToOklab(Number(o[1]) / 100, Number(o[2]), Number(o[3]))
  const mix = /^color-mix\(in oklab,\s*(var\([\w-]+\))\s+([\d.]+)%,\s*(var\([\w-]+\))\)$/.exec(expr)
  if (mix) {
    const [a, p, b] = [colour(mix[1]!, theme), Number(mix[2]) / 100, colour(mix[3]!, theme)]
    return a.map((x, i) => x * p + b[i]! * (1 - p)) as Oklab
  }
  throw new Error(`cannot read colour ${expr}`)
}

function toSrgb([l, a, b]: Oklab): Rgb {
  const l_ = l + 0.3963377774 * a + 0.2158037573 * b
  const m_ = l - 0.1055613458 * a - 0.0638541728 * b
  const s_ = l - 0.0894841775 * a - 1.291485548 * b
  const [L, M, S] = [l_ ** 3, m_ ** 3, s_ ** 3]
  const linear = [
    4.0767416621 * L - 3.3077115913 * M + 0.2309699292 * S,
    -1.2684380046 * L + 2.6097574011 * M - 0.3413193965 * S,
    -0.0041960863 * L - 0.7034186147 * M + 1.707614701 * S,
  ]
  return linear.map((x) => {
    const c = Math.min(1, Math.max(0, x))
    return c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055
  }) as Rgb
}

function luminance(rgb: Rgb) {
  const [r, g, b] = rgb.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** A Tailwind colour class value as sRGB in a theme: "primary", "destructive/10 on card" (a tint over a surface). */
function paint(spec: string, theme: Theme): Rgb {
  const [top, under] = spec.split(' on ')
  const [name, alpha] = top!.split('/')
  const rgb = toSrgb(colour(`var(--color-${name})`, theme))
  if (!alpha) return rgb
  const base = paint(under ?? 'card', theme)
  const p = Number(alpha) / 100
  return rgb.map((c, i) => c * p + base[i]! * (1 - p)) as Rgb
}

export function contrast(text: string, surface: string, theme: Theme) {
  const [x, y] = [luminance(paint(text, theme)), luminance(paint(surface, theme))].sort((a, b) => b - a)
  return (x! + 0.05) / (y! + 0.05)
}

/** Text colour on surface: the pairs the UI uses (className strings of components/ and features/). */
const pairs: [string, string][] = [
  ['foreground', 'background'],
  ['foreground', 'card'],
  ['card-foreground', 'card'],
  ['popover-foreground', 'popover'],
  ['foreground', 'muted'],
  ['subtle-foreground', 'card'],
  ['subtle-foreground', 'background'],
  ['subtle-foreground', 'muted'],
  ['muted-foreground', 'card'],
  ['muted-foreground', 'background'],
  ['muted-foreground', 'muted/50 on card'],
  ['secondary-foreground', 'secondary'],
  ['primary', 'card'],
  ['primary', 'background'],
  ['primary', 'accent'],
  ['primary-foreground', 'primary'],
  ['accent-foreground', 'accent'],
  ['accent-foreground', 'card'],
  ...(['destructive', 'success', 'warning', 'info'] as const).flatMap((s): [string, string][] => [
    [s, 'card'],
    [s, 'background'],
    [s, `${s}/10 on card`],
    [s, `${s}-soft`],
    [`${s}-foreground`, s],
  ]),
  ['brand-foreground', 'brand'],
  ['brand-foreground', 'brand-strong'],
  ['brand-foreground', 'brand-deep'],
  ['brand-foreground', 'brand-end'],
  ['brand-deep', 'card'],
  ['overlay-foreground', 'overlay/70 on card'],
  ...[
    'blue',
    'indigo',
    'violet',
    'purple',
    'pink',
    'red',
    'orange',
    'amber',
    'yellow',
    'green',
    'emerald',
    'teal',
    'cyan',
    'slate',
  ].flatMap((h): [string, string][] => [
    [`tag-${h}-text`, `tag-${h}/10 on card`],
    [`tag-${h}-text`, `tag-${h}/15 on card`],
  ]),
]

// Blue-800 text on white is the landing page's (always light, lib/theme.ts), so it is checked in light only.
const lightOnly = new Set(['brand-deep'])
const rows = (['light', 'dark'] as const).flatMap((theme) =>
  pairs
    .filter(([text]) => theme === 'light' || !lightOnly.has(text))
    .map(([text, surface]) => ({ theme, text, surface, ratio: contrast(text, surface, theme).toFixed(2) })),
)

describe('contrast of the tokens (WCAG AA, 4.5:1)', () => {
  it.each(rows)('$theme: $text on $surface is $ratio:1', ({ ratio }) => {
    expect(Number(ratio)).toBeGreaterThanOrEqual(4.5)
  })

  it('reads the values of tokens.css (white on white is 1:1, slate-900 on white about 17.8:1)', () => {
    expect(contrast('card', 'card', 'light')).toBeCloseTo(1, 5)
    expect(contrast('foreground', 'card', 'light')).toBeCloseTo(17.85, 1)
  })
})
