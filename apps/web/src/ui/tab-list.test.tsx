import { act, fireEvent, render, screen } from '@testing-library/react';
import { createRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TabList, type TabListHandle, type TabListProps } from './tab-list.tsx';

type Id = 'a' | 'b' | 'c';
const TABS = [
  { id: 'a', label: '甲' },
  { id: 'b', label: '乙' },
  { id: 'c', label: '丙' },
] as const;

function Strip(props: Partial<TabListProps<Id>>) {
  const [selected, setSelected] = useState<Id>('a');
  return (
    <TabList<Id>
      label="选项"
      tabs={TABS}
      selected={selected}
      onSelect={setSelected}
      idPrefix="t"
      panel="panel"
      {...props}
    />
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('TabList', () => {
  it('is one tab stop: only the selected tab is focusable, and it is aria-selected', () => {
    render(<Strip />);
    expect(screen.getByRole('tablist', { name: '选项' })).toHaveClass('tabs');
    expect(tab('甲')).toHaveAttribute('tabindex', '0');
    expect(tab('甲')).toHaveAttribute('aria-selected', 'true');
    expect(tab('乙')).toHaveAttribute('tabindex', '-1');
    expect(tab('乙')).toHaveAttribute('id', 't-tab-b');
  });

  it('arrow keys select and focus the next or previous tab, wrapping; Home and End go to the ends', () => {
    render(<Strip />);
    tab('甲').focus();
    const expectAt = (name: string) => {
      expect(tab(name)).toHaveFocus();
      expect(tab(name)).toHaveAttribute('aria-selected', 'true');
    };
    fireEvent.keyDown(tab('甲'), { key: 'ArrowRight' });
    expectAt('乙');
    fireEvent.keyDown(tab('乙'), { key: 'ArrowDown' });
    expectAt('丙');
    fireEvent.keyDown(tab('丙'), { key: 'ArrowRight' });
    expectAt('甲');
    fireEvent.keyDown(tab('甲'), { key: 'ArrowLeft' });
    expectAt('丙');
    fireEvent.keyDown(tab('丙'), { key: 'Home' });
    expectAt('甲');
    fireEvent.keyDown(tab('甲'), { key: 'End' });
    expectAt('丙');
    fireEvent.keyDown(tab('丙'), { key: 'ArrowUp' });
    expectAt('乙');
    // other keys are left to the page
    expect(fireEvent.keyDown(tab('乙'), { key: 'x' })).toBe(true);
  });

  it('a click selects', () => {
    render(<Strip />);
    fireEvent.click(tab('丙'));
    expect(tab('丙')).toHaveAttribute('aria-selected', 'true');
  });

  it('one shared panel: every tab controls it; a panel per tab: only the selected one is named', () => {
    const shared = render(<Strip />);
    expect(screen.getAllByRole('tab').map((t) => t.getAttribute('aria-controls'))).toEqual([
      'panel',
      'panel',
      'panel',
    ]);
    shared.unmount();
    render(<Strip panel={(id) => `panel-${id}`} />);
    expect(screen.getAllByRole('tab').map((t) => t.getAttribute('aria-controls'))).toEqual([
      'panel-a',
      null,
      null,
    ]);
  });

  it('the page can put focus on a tab (a mode chosen elsewhere)', () => {
    const ref = createRef<TabListHandle<Id>>();
    render(<Strip ref={ref} />);
    act(() => ref.current?.focus('c'));
    expect(tab('丙')).toHaveFocus();
  });
});
