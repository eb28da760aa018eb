import { Banner } from './Banner';
import type { Notice } from './Banner';

export interface NoticeAreaProps {
  notice: Notice | null;
  onDismiss: () => void;
}

/**
 * Where a screen shows its notice: pinned to the bottom of the viewport (the corner on wider
 * screens), so a success or failure appears where the person is looking however far down a long
 * list they are, instead of at the top of the page. It stays in the document where the screen
 * puts it, so its buttons (Undo, Dismiss) keep their place in the tab order.
 */
export function NoticeArea({ notice, onDismiss }: NoticeAreaProps) {
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex justify-center p-4 sm:justify-end sm:p-6">
      {notice && (
        <Banner
          {...notice}
          onDismiss={onDismiss}
          className="pointer-events-auto w-full max-w-md shadow-glass backdrop-blur-glass"
        />
      )}
    </div>
  );
}
