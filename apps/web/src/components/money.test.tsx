// @vitest-environment jsdom
import { REVENUE_SHARE_TERM_MONTHS } from '@indiesplit/shared/constants';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n/index.ts';
import { Money } from './money.tsx';

afterEach(() => i18n.changeLanguage('en'));

describe('Money', () => {
  it('shows real euros with the cents in the reader’s language', async () => {
    const { container, rerender } = render(<Money cents={125_050} currency="EUR" />);
    expect(container).toHaveTextContent('€1,250.50');
    await i18n.changeLanguage('it');
    rerender(<Money cents={125_050} currency="EUR" />);
    expect(container.textContent?.replace(/\s/g, ' ')).toBe('1250,50 €');
  });

  it('tags demo money so nobody takes it for real euros', () => {
    render(<Money cents={500} currency="DEMO" />);
    expect(screen.getByText('demo')).toBeInTheDocument();
    expect(screen.getByText(/€5\.00/)).toBeInTheDocument();
  });
});

describe('the revenue-share term in texts', () => {
  it('is filled in from the one constant, in both languages', async () => {
    expect(i18n.t('home:hero.subtitle')).toContain(`for ${REVENUE_SHARE_TERM_MONTHS} months`);
    await i18n.changeLanguage('it');
    expect(i18n.t('home:hero.subtitle')).toContain(`per ${REVENUE_SHARE_TERM_MONTHS} mesi`);
  });
});
