import { useRef, useState, type CSSProperties } from 'react';
import { Select } from 'antd';
import { useProjects } from '../hooks';

/**
 * Picks one of the team's projects. A team may have hundreds: what is typed is searched on
 * the server (project.list's search), and the list grows as it is scrolled to its end.
 */
export function ProjectSelect({
  value,
  onChange,
  placeholder,
  allowClear,
  style,
  'aria-label': ariaLabel,
  id,
}: {
  value?: string;
  onChange?: (projectId: string | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  style?: CSSProperties;
  'aria-label'?: string;
  id?: string;
}) {
  const [search, setSearch] = useState('');
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const searchSoon = (text: string) => {
    clearTimeout(typing.current);
    typing.current = setTimeout(() => setSearch(text.trim()), 300);
  };
  const projects = useProjects(search, 50);
  // Names of projects seen, so a chosen one keeps its name while other results show.
  const names = useRef(new Map<string, string>());
  const items = projects.data?.pages.flatMap((p) => p.items) ?? [];
  for (const p of items) names.current.set(p.projectId, p.name);
  const options = items.map((p) => ({ value: p.projectId, label: p.name }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: names.current.get(value) ?? value });
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      value={value}
      onChange={(v?: string) => onChange?.(v)}
      options={options}
      placeholder={placeholder}
      allowClear={allowClear}
      style={style}
      loading={projects.isFetching}
      showSearch={{ filterOption: false, onSearch: searchSoon }}
      onOpenChange={(open) => {
        if (!open) searchSoon('');
      }}
      onPopupScroll={(event) => {
        const list = event.currentTarget;
        if (list.scrollTop + list.clientHeight >= list.scrollHeight - 16 && projects.hasNextPage && !projects.isFetchingNextPage) void projects.fetchNextPage();
      }}
    />
  );
}
