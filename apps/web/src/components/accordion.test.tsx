// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Accordion } from './accordion.tsx';

const items = [
  { id: 'a', title: 'First question', content: <p>First answer</p> },
  { id: 'b', title: 'Second question', content: <p>Second answer</p> },
  { id: 'c', title: 'Third question', content: <p>Third answer</p>, image: <span>picture</span> },
];

afterEach(cleanup);

function trigger(name: string) {
  return screen.getByRole('button', { name });
}

describe('Accordion', () => {
  it('starts closed, with buttons wired to their panels', () => {
    render(<Accordion title="FAQ" items={items} />);
    expect(screen.getByRole('heading', { name: 'FAQ', level: 2 })).toBeInTheDocument();
    for (const item of items) {
      const button = trigger(item.title);
      expect(button).toHaveAttribute('aria-expanded', 'false');
      const panel = document.getElementById(button.getAttribute('aria-controls')!);
      expect(panel).not.toBeVisible();
      expect(panel).toHaveAttribute('aria-labelledby', button.id);
    }
    // The titled accordion is itself a region; closed panels are hidden and expose none.
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'))).toEqual([
      screen.getByRole('heading', { name: 'FAQ' }).id,
    ]);
  });

  it('opens one item at a time and closes the open item on a second click', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Accordion items={items} />);

    await user.click(trigger('First question'));
    expect(trigger('First question')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'First question' })).toHaveTextContent('First answer');

    await user.click(trigger('Second question'));
    expect(trigger('First question')).toHaveAttribute('aria-expanded', 'false');
    expect(trigger('Second question')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('region')).toHaveLength(1);
    expect(screen.getByText('First answer')).not.toBeVisible();

    await user.click(trigger('Second question'));
    expect(trigger('Second question')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('is operable from the keyboard: Enter and Space toggle, arrows, Home and End move', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Accordion items={items} />);

    await user.tab();
    expect(trigger('First question')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(trigger('First question')).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{ArrowDown}');
    expect(trigger('Second question')).toHaveFocus();
    await user.keyboard(' ');
    expect(trigger('Second question')).toHaveAttribute('aria-expanded', 'true');
    expect(trigger('First question')).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{End}');
    expect(trigger('Third question')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(trigger('First question')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(trigger('Third question')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(trigger('First question')).toHaveFocus();
  });

  it('shows the optional image inside the open panel', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Accordion items={items} />);
    await user.click(trigger('Third question'));
    expect(screen.getByRole('region', { name: 'Third question' })).toHaveTextContent('picture');
  });
});
