import { IconForms } from '@tabler/icons-react';
import { administrators, page, type WebArea } from '../../app/area.ts';

/**
 * Form administration (issue 11): who sees the entry follows the forms policy's `manage`
 * rule (server/src/modules/forms/forms.policy.ts). Each page is a chunk of its own, so the
 * public reporting form never loads the editor.
 */
export const area: WebArea = {
  name: 'forms',
  pages: [
    {
      layout: 'app',
      route: {
        path: 'admin/forms',
        ...page(
          () => import('./pages/FormsPage.tsx'),
          (m) => <m.FormsPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'admin/forms/:id',
        ...page(
          () => import('./pages/FormEditorPage.tsx'),
          (m) => <m.FormEditorPage />,
        ),
      },
    },
  ],
  nav: [{ path: '/admin/forms', labelKey: 'forms.nav', icon: IconForms, roles: administrators, order: 330 }],
};
