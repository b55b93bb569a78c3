// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CoverArt, coverScene } from './cover-art.tsx';

afterEach(cleanup);

function markup(title: string): string {
  const { container } = render(<CoverArt title={title} />);
  const html = container.innerHTML;
  cleanup();
  return html;
}

describe('coverScene', () => {
  it('draws the same scene for the same title', () => {
    expect(coverScene('Neon Drift')).toEqual(coverScene('Neon Drift'));
    expect(markup('Neon Drift')).toBe(markup('Neon Drift'));
  });

  it('draws visibly different scenes for different titles', () => {
    const titles = ['Neon Drift', 'Castle of Crumbs', 'Star Kitchen', 'Hollow Bells', 'Tiny Tides'];
    const scenes = titles.map((t) => JSON.stringify(coverScene(t)));
    expect(new Set(scenes).size).toBe(titles.length);
    // Not only the stars: the skyline of the mountains differs too.
    const skylines = titles.map((t) => JSON.stringify(coverScene(t).layers[2]!.cells));
    expect(new Set(skylines).size).toBe(titles.length);
    expect(markup('Neon Drift')).not.toBe(markup('Castle of Crumbs'));
  });

  it('stays inside its grid and paints with the theme’s colours', () => {
    for (const title of ['A', 'Neon Drift', 'Un gioco con un titolo molto, molto lungo']) {
      const scene = coverScene(title);
      expect(scene.sky).toMatch(/^var\(--color-/);
      for (const layer of scene.layers) {
        expect(layer.color).toMatch(/^var\(--color-/);
        expect(layer.cells.length).toBeGreaterThan(0);
        for (const [x, y] of layer.cells) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThan(scene.width);
          expect(y).toBeGreaterThanOrEqual(0);
          expect(y).toBeLessThan(scene.height);
        }
      }
    }
  });
});

describe('CoverArt', () => {
  it('is a crisp, scalable SVG hidden from assistive technology', () => {
    const { container } = render(<CoverArt title="Neon Drift" />);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('shape-rendering', 'crispEdges');
    expect(svg).toHaveAttribute('viewBox', '0 0 32 18');
    // No fixed size: CSS scales it to its box, so it never pushes a narrow screen sideways.
    expect(svg).not.toHaveAttribute('width');
    expect(svg.querySelectorAll('path').length).toBe(4);
  });
});
