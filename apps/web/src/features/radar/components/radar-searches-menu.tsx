import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useRadarSearches } from '../api/radar-api';

/** The caller's saved radar searches, each opening /radar with its filters. */
export function RadarSearchesMenu() {
  const searches = useRadarSearches();
  const list = searches.data ?? [];
  if (list.length === 0) return null;
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
          Radar searches ({list.length})
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {list.map((s) => (
          <Menu.Item key={s.id} component={Link} to={s.link}>
            {s.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
