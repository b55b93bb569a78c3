// A campaign without an uploaded cover still gets a picture of its own: a small pixel-art landscape
// (sky, stars, a sun, far mountains and near hills) drawn from the title. The same title always
// gives the same scene, different titles give different palettes and skylines. It is computed on the
// client from a few dozen numbers, so nothing is downloaded, and the colours are the theme's tokens.
// It has its own few lines of hashing instead of sharing the avatars' (pixel-art.tsx): that module is
// in the home page's first download, and sharing would add to it for a picture shown only later.

const WIDTH = 32;
const HEIGHT = 18;

const SKIES = ['--color-bg', '--color-bg-raised', '--color-surface'] as const;
const FAR = ['--color-primary', '--color-border-strong', '--color-info'] as const;
const NEAR = ['--color-accent', '--color-success', '--color-primary-strong', '--color-danger'] as const;
const SUNS = ['--color-warning', '--color-focus', '--color-danger', '--color-accent'] as const;
const STARS = ['--color-text', '--color-text-muted', '--color-primary-strong'] as const;

/** FNV-1a then mulberry32: a stable 32-bit seed and a small deterministic sequence from it. */
function randomFrom(text: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = Math.imul(h ^ (h >>> 15), 1 | h);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One path per layer; cells listed one under another (a skyline's columns) merge into one bar. */
function toPath(cells: [number, number][]): string {
  let d = '';
  for (let i = 0; i < cells.length; ) {
    const [x, y] = cells[i]!;
    let n = 1;
    while (cells[i + n]?.[0] === x && cells[i + n]?.[1] === y + n) n++;
    d += `M${x} ${y}h1v${n}h-1z`;
    i += n;
  }
  return d;
}

export interface CoverScene {
  width: number;
  height: number;
  sky: string;
  /** What each layer is, its CSS colour value and its cells as [x, y], painted in this order. */
  layers: { name: 'stars' | 'sun' | 'far' | 'near'; color: string; cells: [number, number][] }[];
}

/** The scene as data, apart from rendering, so tests can compare two titles. */
export function coverScene(title: string): CoverScene {
  const random = randomFrom(title.trim().toLowerCase());
  const pick = <T,>(list: readonly T[], not?: T): T => {
    const choices = list.filter((c) => c !== not);
    return choices[Math.floor(random() * choices.length)]!;
  };
  const sky = pick(SKIES);
  const star = pick(STARS);
  const sun = pick(SUNS);
  const far = pick(FAR);
  const near = pick(NEAR, sun);

  const stars: [number, number][] = [];
  const count = 4 + Math.floor(random() * 8);
  for (let i = 0; i < count; i++) {
    stars.push([Math.floor(random() * WIDTH), Math.floor(random() * 7)]);
  }

  // A 4 × 4 disc with its corners cut reads as round at this size.
  const sunCells: [number, number][] = [];
  const sx = 2 + Math.floor(random() * (WIDTH - 6));
  const sy = 1 + Math.floor(random() * 4);
  for (let y = 0; y < 4; y++) {
    for (let x = 0; x < 4; x++) {
      if ((x === 0 || x === 3) && (y === 0 || y === 3)) continue;
      sunCells.push([sx + x, sy + y]);
    }
  }

  // Skylines are random walks, each column filled from its height down to the bottom edge.
  const ridge = (start: number, low: number, high: number, step: number): [number, number][] => {
    const cells: [number, number][] = [];
    let top = start;
    for (let x = 0; x < WIDTH; x++) {
      top = Math.max(low, Math.min(high, top + Math.round((random() - 0.5) * 2 * step)));
      for (let y = top; y < HEIGHT; y++) cells.push([x, y]);
    }
    return cells;
  };
  const farCells = ridge(8 + Math.floor(random() * 3), 5, 12, 1.4);
  const nearCells = ridge(13 + Math.floor(random() * 2), 11, 16, 0.8);

  return {
    width: WIDTH,
    height: HEIGHT,
    sky: `var(${sky})`,
    layers: [
      { name: 'stars', color: `var(${star})`, cells: stars },
      { name: 'sun', color: `var(${sun})`, cells: sunCells },
      { name: 'far', color: `var(${far})`, cells: farCells },
      { name: 'near', color: `var(${near})`, cells: nearCells },
    ],
  };
}

export interface CoverArtProps {
  title: string;
  className?: string;
}

/**
 * The generated cover, filling its box (16:9 like an uploaded cover). It is decoration: the title is
 * always written next to it, so it is hidden from assistive technology.
 */
export function CoverArt({ title, className }: CoverArtProps) {
  const scene = coverScene(title);
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className={className}
      data-cover-art=""
      viewBox={`0 0 ${scene.width} ${scene.height}`}
      preserveAspectRatio="xMidYMid slice"
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={scene.width} height={scene.height} style={{ fill: scene.sky }} />
      {scene.layers.map((layer) => (
        <path key={layer.name} d={toPath(layer.cells)} style={{ fill: layer.color }} />
      ))}
    </svg>
  );
}
