import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownView } from './markdown-view';

describe('MarkdownView', () => {
  it('names each checklist box by its item (issue 21 item 5: unlabelled checkboxes)', () => {
    render(
      <MantineProvider>
        <MarkdownView content={'## Checklist\n\n- [ ] Submit the SF-1449\n- [x] Sign amendment 0001\n- A plain item'} />
      </MantineProvider>,
    );
    expect(screen.getByRole('checkbox', { name: 'Submit the SF-1449' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Sign amendment 0001' })).toBeChecked();
    expect(screen.getByText('A plain item').closest('label')).toBeNull();
  });
});
