import type { NewDevice } from '../db/devices-repository';
import { Random } from '../simulator/random';

/** The demo's groups, by what they hold. */
export const DEMO_GROUPS = { saoPaulo: 'Frota São Paulo', deliveries: 'Entregas', board: 'Diretoria' } as const;
export type DemoGroup = keyof typeof DEMO_GROUPS;

interface CategoryPlan {
  category: string;
  /** Relative share of the fleet. */
  weight: number;
  models: readonly string[];
  group: DemoGroup;
  /** People and bicycles carry a tracker but no number plate. */
  plated: boolean;
}

const CATEGORIES: readonly CategoryPlan[] = [
  { category: 'car', weight: 24, models: ['Onix', 'HB20', 'Gol', 'Argo', 'Polo', 'Kwid', 'Cronos', 'Virtus'], group: 'saoPaulo', plated: true },
  { category: 'car', weight: 6, models: ['Corolla', 'Civic', 'Compass', 'Jetta'], group: 'board', plated: true },
  { category: 'pickup', weight: 10, models: ['Strada', 'Hilux', 'S10', 'Toro', 'Saveiro', 'Ranger'], group: 'saoPaulo', plated: true },
  { category: 'van', weight: 14, models: ['Fiorino', 'Sprinter', 'Master', 'Ducato', 'Kangoo', 'Daily'], group: 'deliveries', plated: true },
  { category: 'truck', weight: 12, models: ['VW Delivery', 'Volvo FH', 'Scania R450', 'Mercedes Atego', 'Iveco Tector'], group: 'deliveries', plated: true },
  { category: 'motorcycle', weight: 16, models: ['CG 160', 'Fazer 250', 'Biz 125', 'XRE 300', 'Factor 150'], group: 'deliveries', plated: true },
  { category: 'bus', weight: 6, models: ['Marcopolo Torino', 'Caio Apache', 'Mercedes O500'], group: 'saoPaulo', plated: true },
  { category: 'person', weight: 7, models: ['Técnico', 'Vendedora', 'Supervisor', 'Inspetora'], group: 'saoPaulo', plated: false },
  { category: 'bicycle', weight: 5, models: ['Bike Entregas'], group: 'deliveries', plated: false },
];

const FIRST_NAMES = ['Ana', 'Bruno', 'Carla', 'Diego', 'Eduarda', 'Felipe', 'Gabriela', 'Henrique', 'Isabela', 'João', 'Larissa', 'Marcos', 'Natália', 'Otávio', 'Paula', 'Rafael', 'Sabrina', 'Thiago', 'Vanessa', 'Wagner'];
const SURNAMES = ['Silva', 'Souza', 'Oliveira', 'Santos', 'Lima', 'Pereira', 'Costa', 'Ferreira', 'Almeida', 'Ribeiro', 'Carvalho', 'Gomes'];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export interface DemoDevice extends NewDevice {
  group: DemoGroup;
}

/** `count` demo devices, deterministic for a seed: names, Mercosul plates, IMEI-like unique ids. */
export function demoFleet(count: number, seed: number): DemoDevice[] {
  const random = new Random(seed + 1000);
  const totalWeight = CATEGORIES.reduce((sum, plan) => sum + plan.weight, 0);
  const usedPlates = new Set<string>();
  return Array.from({ length: count }, (_, index) => {
    const plan = pickWeighted(random, totalWeight);
    const model = random.pick(plan.models);
    const driver = `${random.pick(FIRST_NAMES)} ${random.pick(SURNAMES)}`;
    const number = String(index + 1).padStart(2, '0');
    const plate = plan.plated ? uniquePlate(random, usedPlates) : null;
    const name = plan.category === 'person' ? `${model} ${driver}` : plate ? `${model} ${plate}` : `${model} ${number}`;
    return {
      name,
      uniqueId: imei(random),
      groupId: null,
      group: plan.group,
      phone: `+55 11 9${random.int(1000, 9999)}-${random.int(1000, 9999)}`,
      model,
      contact: driver,
      category: plan.category,
      attributes: plate ? { plate } : {},
    };
  });
}

function pickWeighted(random: Random, totalWeight: number): CategoryPlan {
  let draw = random.next() * totalWeight;
  for (const plan of CATEGORIES) {
    draw -= plan.weight;
    if (draw < 0) return plan;
  }
  return CATEGORIES[0] as CategoryPlan;
}

/** Brazil's Mercosul plate: three letters, a digit, a letter, two digits (e.g. BRA2E19). */
function uniquePlate(random: Random, used: Set<string>): string {
  for (;;) {
    const letter = () => random.pick([...LETTERS]);
    const plate = `${letter()}${letter()}${letter()}${random.int(0, 9)}${letter()}${random.int(0, 9)}${random.int(0, 9)}`;
    if (!used.has(plate)) {
      used.add(plate);
      return plate;
    }
  }
}

/** A 15-digit IMEI with a valid Luhn check digit, as GPS trackers identify themselves. */
function imei(random: Random): string {
  const body = `86${Array.from({ length: 12 }, () => random.int(0, 9)).join('')}`;
  return body + luhnCheckDigit(body);
}

export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((char, index) => {
    let digit = Number(char);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  });
  return (10 - (sum % 10)) % 10;
}
