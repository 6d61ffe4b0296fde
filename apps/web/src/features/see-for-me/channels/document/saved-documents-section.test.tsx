import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { speechOutput } from '../../../speech/index.ts';
import type { DocumentStore, SavedDocument } from './document-store.ts';
import { SavedDocumentsSection } from './saved-documents-section.tsx';

const NOTICE: SavedDocument = {
  id: 1,
  savedAt: new Date(2026, 10, 26, 9, 5).getTime(),
  blocks: [
    { kind: 'heading', text: '停水通知' },
    { kind: 'paragraph', text: '明天上午九点起停水八小时。' },
  ],
};
const LETTER: SavedDocument = {
  id: 2,
  savedAt: NOTICE.savedAt,
  blocks: [{ kind: 'paragraph', text: '您好' }],
};

function memoryStore(docs: SavedDocument[]): DocumentStore & { docs: SavedDocument[] } {
  const store = {
    docs: [...docs],
    save: () => Promise.reject(new Error('not here')),
    list: () => Promise.resolve([...store.docs]),
    remove: (id: number) => {
      store.docs = store.docs.filter((d) => d.id !== id);
      return Promise.resolve();
    },
  };
  return store;
}

describe('My documents in the personal centre', () => {
  it('lists the saved documents by their heading and when they were saved', async () => {
    render(<SavedDocumentsSection store={memoryStore([NOTICE, LETTER])} />);
    const card = await screen.findByRole('region', { name: '我的文档' });
    const items = await within(card).findAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading', { level: 3 }).textContent)).toEqual([
      '停水通知',
      '您好',
    ]);
    expect(items[0]).toHaveTextContent('保存于 2026-11-26 09:05');
  });

  it('reads a document aloud, its heading said as one', async () => {
    const speak = vi.spyOn(speechOutput, 'speak').mockResolvedValue();
    render(<SavedDocumentsSection store={memoryStore([NOTICE])} />);
    await userEvent.click(await screen.findByRole('button', { name: '朗读：停水通知' }));
    expect(speak).toHaveBeenCalledWith('标题：停水通知\n明天上午九点起停水八小时。');
  });

  it('shows and hides the full text from the keyboard', async () => {
    render(<SavedDocumentsSection store={memoryStore([NOTICE])} />);
    const show = await screen.findByRole('button', { name: '显示全文：停水通知' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('heading', { name: '停水通知', level: 4 })).toBeNull();
    show.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: '收起：停水通知' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('heading', { name: '停水通知', level: 4 })).toBeVisible();
    expect(screen.getByText('明天上午九点起停水八小时。')).toBeVisible();
  });

  it('deletes a document, keeps the focus in the card and says the list is empty', async () => {
    const store = memoryStore([NOTICE]);
    render(<SavedDocumentsSection store={store} />);
    await userEvent.click(await screen.findByRole('button', { name: '删除：停水通知' }));
    await waitFor(() => expect(screen.queryByRole('listitem')).toBeNull());
    expect(store.docs).toEqual([]);
    expect(screen.getByRole('heading', { name: '我的文档' })).toHaveFocus();
    expect(screen.getByText(/还没有保存的文档/)).toBeInTheDocument();
  });
});
