import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterBar } from './filter-bar.tsx';

describe('FilterBar', () => {
  it('labels every field and applies what was typed and chosen, only on its button', async () => {
    const onApply = vi.fn();
    render(
      <FilterBar<{ q?: string; from?: string; status: string }>
        label="Filters"
        fields={[
          { name: 'q', label: 'Search', kind: 'search' },
          { name: 'from', label: 'From', kind: 'date' },
          {
            name: 'status',
            label: 'Status',
            kind: 'select',
            width: 120,
            options: [
              { value: '', label: 'All' },
              { value: 'open', label: 'Open' },
            ],
          },
        ]}
        initialValues={{ status: '' }}
        applyText="Apply"
        onApply={onApply}
      />,
    );
    expect(screen.getByRole('form', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Status')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Search'), 'alice');
    expect(onApply).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ q: 'alice', status: '' })),
    );
  });
});
