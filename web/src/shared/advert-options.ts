/** The choices of an advertisement (the admin form's and the advert card's), one owner for both. */

/** The fourteen banner colours (the admin form's choices); an advert's color is one of them or its `bg-{name}-600` class. */
export const advertColors = [
  'purple',
  'blue',
  'green',
  'orange',
  'indigo',
  'yellow',
  'red',
  'teal',
  'pink',
  'cyan',
  'emerald',
  'slate',
  'violet',
  'amber',
] as const

/** The colour name of an advert's color (its name, or the class bg-{name}-600), or blue for one we do not know. */
export function colorName(color: string) {
  const name = /^bg-([a-z]+)-600$/.exec(color)?.[1] ?? color
  return (advertColors as readonly string[]).includes(name) ? name : 'blue'
}

/** The eleven icon choices. */
export const advertIcons = [
  'Camera',
  'FileText',
  'CreditCard',
  'TrendingUp',
  'Shield',
  'Zap',
  'Star',
  'Users',
  'Phone',
  'Mail',
  'Globe',
] as const
