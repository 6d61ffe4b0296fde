import { createContext, startTransition, use, useLayoutEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Router } from 'wouter';
import { navigate, onLocationChange } from '../ui/navigation.ts';

interface Address {
  path: string;
  search: string;
}

const readAddress = (): Address => ({ path: window.location.pathname, search: window.location.search });

const AddressContext = createContext<Address>({ path: '/', search: '' });

const useAddress = (): [string, typeof navigate] => [use(AddressContext).path, navigate];
const useAddressSearch = () => use(AddressContext).search;

/**
 * wouter on the browser's address, shown in transitions: moving on to a page whose code is still on
 * its way keeps the last page on screen (the root layout's Suspense boundary) and the whole app
 * moves on together once it is here. Links and redirects navigate with `navigate` of navigation.ts.
 */
export function AppRouter({ children }: { children: ReactNode }) {
  const [address, setAddress] = useState(readAddress);
  useLayoutEffect(() => {
    const follow = (immediate: boolean) => {
      const next = readAddress();
      const update = () =>
        setAddress((shown) => (shown.path === next.path && shown.search === next.search ? shown : next));
      if (immediate) flushSync(update);
      else startTransition(update);
    };
    const stop = onLocationChange(follow);
    // the first render's redirect (its layout effect) ran before this one
    follow(false);
    return stop;
  }, []);
  return (
    <AddressContext value={address}>
      <Router hook={useAddress} searchHook={useAddressSearch}>
        {children}
      </Router>
    </AddressContext>
  );
}
