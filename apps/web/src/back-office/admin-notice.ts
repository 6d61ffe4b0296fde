import { create } from 'zustand';

interface AdminNotice {
  /** Why the operator is on the login page (their session ended); shown there once. */
  text: string;
  show(text: string): void;
  clear(): void;
}

export const useAdminNotice = create<AdminNotice>()((set) => ({
  text: '',
  show: (text) => set({ text }),
  clear: () => set({ text: '' }),
}));
