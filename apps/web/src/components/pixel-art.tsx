// Placeholder pictures drawn from a seed string: the same seed always gives the same symmetric
// pixel-art figure, so team members, partners and press logos get a stable look without any image
// being downloaded or hot-linked. Colours come from the design tokens, so the figures follow the theme.

const PALETTE = [
  '--color-primary',
  '--color-primary-strong',
  '--color-accent',
  '--color-success',
  '--color-warning',
  '--color-info',
  '--color-danger',
] as const;

const BACKGROUNDS = ['--color-surface', '--color-bg-raised'] as const;

export type PixelGridSize = 8 | 10;

export interface PixelArtProps {
  seed: string;
  /** Accessible name of the picture. */
  label: string;
  /** Cells per side; the figure is mirrored around the vertical axis. */
  grid?: PixelGridSize;
  /** Rendered width and height in CSS pixels. */
  size?: number;
  className?: string;
  /** Round frame for portraits, square for logos and icons. */
  shape?: 'round' | 'square';
  /** Ornament only: hidden from assistive technology instead of being announced as an image. */
  decorative?: boolean;
}

/** 32-bit FNV-1a: small and stable across platforms, which is all a seed needs. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny deterministic generator seeded from the hash. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PixelFigure {
  grid: number;
  background: string;
  /** CSS colour value -> list of [x, y] cells. */
  layers: { color: string; cells: [number, number][] }[];
}

/** The figure as data, separate from rendering so it can be tested and reused. */
export function pixelFigure(seed: string, grid: PixelGridSize = 8): PixelFigure {
  const random = generator(hash(seed));
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

  const main = pick(PALETTE);
  const others = PALETTE.filter((c) => c !== main);
  const second = pick(others);
  const third = pick(others.filter((c) => c !== second));
  const background = pick(BACKGROUNDS);

  const colors = [main, second, third];
  const byColor = new Map<string, [number, number][]>(colors.map((c) => [c, []]));
  const half = grid / 2;
  let filled = 0;
  for (let y = 0; y < grid; y++) {
    for (let x = 0; x < half; x++) {
      const r = random();
      if (r < 0.42) continue;
      // The main colour dominates so each figure has one clear identity.
      const color = r < 0.8 ? main : r < 0.93 ? second : third;
      const cells = byColor.get(color)!;
      cells.push([x, y], [grid - 1 - x, y]);
      filled++;
    }
  }
  // A nearly empty grid reads as a glitch, not a picture: guarantee a central spine.
  if (filled < grid) {
    const cells = byColor.get(main)!;
    for (let y = 1; y < grid - 1; y++) cells.push([half - 1, y], [half, y]);
  }
  return {
    grid,
    background: `var(${background})`,
    layers: colors
      .map((c) => ({ color: `var(${c})`, cells: byColor.get(c)! }))
      .filter((layer) => layer.cells.length > 0),
  };
}

/** One path per colour, with horizontal runs merged, keeps the markup small. */
function toPath(cells: [number, number][]): string {
  const rows = new Map<number, number[]>();
  for (const [x, y] of cells) {
    const row = rows.get(y) ?? [];
    row.push(x);
    rows.set(y, row);
  }
  let d = '';
  for (const [y, xs] of rows) {
    const sorted = [...new Set(xs)].sort((a, b) => a - b);
    let start = sorted[0]!;
    let prev = start;
    for (let i = 1; i <= sorted.length; i++) {
      const x = sorted[i];
      if (x === prev + 1) {
        prev = x;
        continue;
      }
      d += `M${start} ${y}h${prev - start + 1}v1h${start - prev - 1}z`;
      if (x !== undefined) {
        start = x;
        prev = x;
      }
    }
  }
  return d;
}

export function PixelArt({
  seed,
  label,
  grid = 8,
  size = 96,
  className,
  shape = 'square',
  decorative = false,
}: PixelArtProps) {
  const figure = pixelFigure(seed, grid);
  // A round frame needs a wider margin: the square grid must fit inside the circle (side × √2).
  const margin = shape === 'round' ? Math.ceil(grid * 0.22) : 1;
  const frame = grid + 2 * margin;
  const radius = shape === 'round' ? frame / 2 : 1;
  return (
    <svg
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : label}
      aria-hidden={decorative || undefined}
      focusable="false"
      className={className}
      width={size}
      height={size}
      viewBox={`${-margin} ${-margin} ${frame} ${frame}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect
        x={-margin}
        y={-margin}
        width={frame}
        height={frame}
        rx={radius}
        style={{ fill: figure.background }}
      />
      {figure.layers.map((layer) => (
        <path key={layer.color} d={toPath(layer.cells)} style={{ fill: layer.color }} />
      ))}
    </svg>
  );
}

export interface ContentPictureProps {
  image: { seed: string; alt: string; src?: string };
  size?: number;
  grid?: PixelGridSize;
  shape?: 'round' | 'square';
  className?: string;
}

/** A content image: the operator's local file when set, otherwise the generated placeholder. */
export function ContentPicture({ image, size = 96, grid, shape, className }: ContentPictureProps) {
  if (image.src) {
    return (
      <img
        src={image.src}
        alt={image.alt}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        className={className}
        style={{ objectFit: 'cover', borderRadius: shape === 'round' ? '50%' : undefined }}
      />
    );
  }
  return (
    <PixelArt
      seed={image.seed}
      label={image.alt}
      grid={grid}
      size={size}
      shape={shape}
      className={className}
    />
  );
}
