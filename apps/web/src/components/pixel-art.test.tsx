// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentPicture, PixelArt, pixelFigure } from './pixel-art.tsx';

afterEach(cleanup);

describe('pixelFigure', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(pixelFigure('team-ceo')).toEqual(pixelFigure('team-ceo'));
    expect(pixelFigure('team-ceo')).not.toEqual(pixelFigure('team-cto'));
  });

  it.each([8, 10] as const)('is symmetric on a %i x %i grid and uses theme colours', (grid) => {
    for (const seed of ['a', 'partner-1', 'press-2', 'card-community']) {
      const figure = pixelFigure(seed, grid);
      expect(figure.background).toMatch(/^var\(--color-/);
      for (const layer of figure.layers) {
        expect(layer.color).toMatch(/^var\(--color-/);
        const cells = new Set(layer.cells.map(([x, y]) => `${x},${y}`));
        for (const [x, y] of layer.cells) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThan(grid);
          expect(y).toBeLessThan(grid);
          expect(cells.has(`${grid - 1 - x},${y}`)).toBe(true);
        }
      }
    }
  });
});

describe('PixelArt', () => {
  it('renders an SVG image with an accessible name', () => {
    render(<PixelArt seed="team-ceo" label="Placeholder portrait of the CEO" size={64} />);
    const img = screen.getByRole('img', { name: 'Placeholder portrait of the CEO' });
    expect(img.tagName.toLowerCase()).toBe('svg');
    expect(img).toHaveAttribute('width', '64');
    expect(img.querySelectorAll('path').length).toBeGreaterThan(0);
  });

  it('can be purely decorative', () => {
    const { container } = render(<PixelArt seed="x" label="" decorative />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('ContentPicture', () => {
  it('draws the placeholder when no file is set and the file when it is', () => {
    const { rerender } = render(<ContentPicture image={{ seed: 's', alt: 'Logo' }} />);
    expect(screen.getByRole('img', { name: 'Logo' }).tagName.toLowerCase()).toBe('svg');
    rerender(<ContentPicture image={{ seed: 's', alt: 'Logo', src: '/images/logo.webp' }} />);
    expect(screen.getByRole('img', { name: 'Logo' })).toHaveAttribute('src', '/images/logo.webp');
  });
});
