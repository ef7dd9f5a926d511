import {
  Bike,
  Bus,
  BusFront,
  Car,
  CarFront,
  Construction,
  Container,
  Helicopter,
  MapPin,
  Motorbike,
  Mountain,
  Navigation,
  PawPrint,
  PersonStanding,
  Plane,
  Sailboat,
  Scooter,
  Ship,
  Tractor,
  TrainFront,
  TramFront,
  Truck,
  Van,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isDeviceCategory } from './deviceCategories';
import type { DeviceCategory } from './deviceCategories';

/**
 * The one picture of each category, for the form's preview and the list: SVG, so every browser
 * draws the same thing (an emoji depends on the fonts installed). The map draws its own markers.
 */
export const categoryIcons: Record<DeviceCategory, LucideIcon> = {
  default: MapPin,
  arrow: Navigation,
  person: PersonStanding,
  animal: PawPrint,
  bicycle: Bike,
  motorcycle: Motorbike,
  scooter: Scooter,
  car: Car,
  pickup: CarFront,
  van: Van,
  truck: Truck,
  truck1: Container,
  truck2: Container,
  tractor: Tractor,
  boat: Sailboat,
  ship: Ship,
  bus: Bus,
  train: TrainFront,
  trolleybus: BusFront,
  tram: TramFront,
  crane: Construction,
  plane: Plane,
  helicopter: Helicopter,
  offroad: Mountain,
};

/**
 * A device's category as an icon; anything unknown is the default. Named for screen readers,
 * unless `decorative` because the category's name is written beside it.
 */
export function CategoryIcon({ category, size = 16, decorative = false, testId }: { category: string | null | undefined; size?: number; decorative?: boolean; testId?: string }) {
  const { t } = useTranslation();
  const known = isDeviceCategory(category) ? category : 'default';
  const Icon = categoryIcons[known];
  const name = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': t(`fleet.form.categories.${known}`) };
  return <Icon size={size} {...name} data-category={known} data-testid={testId} style={{ flexShrink: 0 }} />;
}
