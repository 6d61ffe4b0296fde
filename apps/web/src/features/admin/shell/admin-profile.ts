import type { AdminProfile } from '@sfm/protocol';
import { createContext, useContext } from 'react';

/** The signed-in admin, as the shell loaded it (null until then). */
export const AdminProfileContext = createContext<AdminProfile | null>(null);

export const useAdminProfile = (): AdminProfile | null => useContext(AdminProfileContext);

/** Loads the signed-in admin again (after a change to their own account). */
export const ReloadAdminProfileContext = createContext<() => void>(() => undefined);

export const useReloadAdminProfile = (): (() => void) => useContext(ReloadAdminProfileContext);
