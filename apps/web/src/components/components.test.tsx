// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dropdown, DropdownButton, DropdownLink } from './dropdown.tsx';
import { Field } from './field.tsx';
import { Notice, NoticeSlot, useNotice } from './notice.tsx';
import { PasswordField } from './password-field.tsx';

afterEach(() => vi.useRealTimers());

describe('Field', () => {
  it('names the input by its label and points it at its hint and error', () => {
    render(<Field label="Email" hint="We never share it." error="Please enter a valid email address." />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter a valid email address. We never share it.');
  });

  it('is not marked invalid without an error', () => {
    render(<Field label="Name" />);
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
  });
});

describe('PasswordField', () => {
  it('shows and hides the password with a toggle button', async () => {
    render(<PasswordField label="Password" />);
    const input = screen.getByLabelText(/^Password/);
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('Notice', () => {
  it('hides itself after the duration it is given, and not a moment before', () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    render(
      <Notice type="info" duration={3000} onDismiss={onDismiss}>
        Hello
      </Notice>,
    );
    act(() => vi.advanceTimersByTime(2999));
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('shows a message of a screen for 5 seconds unless told otherwise (spec §9)', () => {
    vi.useFakeTimers();
    function Screen() {
      const notice = useNotice();
      return (
        <>
          <button type="button" onClick={() => notice.show({ type: 'success', text: 'Saved' })}>
            Save
          </button>
          <NoticeSlot notice={notice} />
        </>
      );
    }
    render(<Screen />);
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('announces errors as alerts and other notices politely', () => {
    render(
      <>
        <Notice type="error">Broken</Notice>
        <Notice type="success">Saved</Notice>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Broken');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });
});

function Menu() {
  return (
    <MemoryRouter>
      <button type="button">outside</button>
      <Dropdown trigger="Account" triggerLabel="Account menu">
        <DropdownLink to="/settings">Preferences</DropdownLink>
        <DropdownButton>Log out</DropdownButton>
      </Dropdown>
    </MemoryRouter>
  );
}

describe('Dropdown', () => {
  it('opens on click and closes on a click outside', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Menu />);
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Preferences' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'outside' }));
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('is keyboard operable: arrow down opens on the first item, arrows move, Escape closes and returns focus', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Menu />);
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Preferences' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Log out' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Preferences' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });

  it('closes when an item is chosen', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Menu />);
    const trigger = screen.getByRole('button', { name: 'Account menu' });
    await user.click(trigger);
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
});
