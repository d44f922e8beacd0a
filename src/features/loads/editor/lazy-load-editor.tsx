import { Skeleton } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';
import type { LoadEditor } from './load-editor.tsx';

// The editor brings drag and drop, the date pickers and the map panel: loaded apart, so the tables'
// own code stays small and the loads page shows sooner.
const loadEditorModule = () => import('./load-editor.tsx');
const Editor = lazy(() => loadEditorModule().then((module) => ({ default: module.LoadEditor })));

/**
 * Fetches the editor's code once the table has shown, so editing works at once and offline
 * (a first visit's service worker may not serve it yet when the connection drops).
 */
export function preloadLoadEditor() {
  void loadEditorModule().catch(() => {});
}

/** `LoadEditor`, loaded when first shown (a short skeleton meanwhile in the inline variant). */
export function LazyLoadEditor(props: ComponentProps<typeof LoadEditor>) {
  return (
    <Suspense fallback={props.variant === 'inline' ? <Skeleton height={120} /> : null}>
      <Editor {...props} />
    </Suspense>
  );
}
