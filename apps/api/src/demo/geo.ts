import type { Rng } from './random.ts';

/** A city with its region and a generator for a postal code in the local format. */
type City = { name: string; region: string; postal: (rng: Rng) => string };

export type Country = {
  code: string;
  phone: string;
  firstNames: { female: readonly string[]; male: readonly string[] };
  lastNames: readonly string[];
  streets: readonly string[];
  cities: readonly City[];
};

const letters = 'ABCDEFGHJKLMNPRSTVWXZ';
const nl = (from: number, to: number) => (rng: Rng) => `${rng.int(from, to)} ${rng.pick([...letters])}${rng.pick([...letters])}`;
const digits = (from: number, to: number) => (rng: Rng) => String(rng.int(from, to)).padStart(String(to).length, '0');
const uk = (area: string) => (rng: Rng) => `${area}${rng.int(1, 20)} ${rng.int(1, 9)}${rng.pick([...letters])}${rng.pick([...letters])}`;

export const COUNTRIES: Record<string, Country> = {
  NL: {
    code: 'NL',
    phone: '+31 6',
    firstNames: {
      female: ['Emma', 'Julia', 'Sophie', 'Tess', 'Fenna', 'Saar', 'Anna', 'Lotte', 'Isa', 'Noor', 'Mila', 'Evi', 'Sanne', 'Femke', 'Ilse'],
      male: ['Daan', 'Sem', 'Lucas', 'Levi', 'Finn', 'Milan', 'Bram', 'Jesse', 'Thijs', 'Ruben', 'Lars', 'Stijn', 'Joris', 'Wouter', 'Pieter'],
    },
    lastNames: ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'van Dijk', 'Bakker', 'Janssen', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder',
      'de Groot', 'Bos', 'Vos', 'Peters', 'Hendriks', 'van Leeuwen', 'Dekker', 'Brouwer', 'de Wit', 'Dijkstra', 'Smits', 'de Graaf', 'van der Meer', 'Kok', 'Jacobs', 'Vermeulen'],
    streets: ['Kerkstraat', 'Dorpsstraat', 'Molenweg', 'Stationsweg', 'Prinsengracht', 'Hoofdstraat', 'Julianalaan', 'Beatrixstraat', 'Wilhelminastraat', 'Schoolstraat', 'Kastanjelaan', 'Lindelaan', 'Nieuwstraat', 'Marktplein'],
    cities: [
      { name: 'Amsterdam', region: 'Noord-Holland', postal: nl(1011, 1109) },
      { name: 'Rotterdam', region: 'Zuid-Holland', postal: nl(3011, 3089) },
      { name: 'Den Haag', region: 'Zuid-Holland', postal: nl(2491, 2597) },
      { name: 'Utrecht', region: 'Utrecht', postal: nl(3511, 3585) },
      { name: 'Eindhoven', region: 'Noord-Brabant', postal: nl(5611, 5658) },
      { name: 'Groningen', region: 'Groningen', postal: nl(9711, 9747) },
      { name: 'Haarlem', region: 'Noord-Holland', postal: nl(2011, 2037) },
      { name: 'Zwolle', region: 'Overijssel', postal: nl(8011, 8043) },
      { name: 'Leiden', region: 'Zuid-Holland', postal: nl(2311, 2334) },
      { name: 'Nijmegen', region: 'Gelderland', postal: nl(6511, 6546) },
      { name: 'Maastricht', region: 'Limburg', postal: nl(6211, 6229) },
      { name: 'Arnhem', region: 'Gelderland', postal: nl(6811, 6846) },
    ],
  },
  BE: {
    code: 'BE',
    phone: '+32 4',
    firstNames: { female: ['Marie', 'Louise', 'Elise', 'Lien', 'Camille', 'Hanne', 'Julie', 'Nina'], male: ['Noah', 'Arthur', 'Louis', 'Jules', 'Wout', 'Thomas', 'Victor', 'Mathis'] },
    lastNames: ['Peeters', 'Janssens', 'Maes', 'Jacobs', 'Mertens', 'Willems', 'Claes', 'Goossens', 'Wouters', 'Dubois', 'Lambert', 'Dupont'],
    streets: ['Kerkstraat', 'Stationsstraat', 'Rue de la Station', 'Grote Markt', 'Avenue Louise', 'Dorpstraat', 'Rue Haute'],
    cities: [
      { name: 'Brussel', region: 'Brussels Hoofdstedelijk Gewest', postal: digits(1000, 1210) },
      { name: 'Antwerpen', region: 'Antwerpen', postal: digits(2000, 2660) },
      { name: 'Gent', region: 'Oost-Vlaanderen', postal: digits(9000, 9052) },
      { name: 'Leuven', region: 'Vlaams-Brabant', postal: digits(3000, 3012) },
      { name: 'Liège', region: 'Liège', postal: digits(4000, 4032) },
    ],
  },
  DE: {
    code: 'DE',
    phone: '+49 15',
    firstNames: { female: ['Mia', 'Hannah', 'Lena', 'Lea', 'Clara', 'Marie', 'Greta', 'Johanna'], male: ['Ben', 'Paul', 'Jonas', 'Leon', 'Felix', 'Lukas', 'Maximilian', 'Tim'] },
    lastNames: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch', 'Richter'],
    streets: ['Hauptstraße', 'Bahnhofstraße', 'Gartenstraße', 'Schulstraße', 'Lindenstraße', 'Bergstraße', 'Kirchweg'],
    cities: [
      { name: 'Köln', region: 'Nordrhein-Westfalen', postal: digits(50667, 51149) },
      { name: 'Düsseldorf', region: 'Nordrhein-Westfalen', postal: digits(40210, 40629) },
      { name: 'Berlin', region: 'Berlin', postal: digits(10115, 14199) },
      { name: 'Hamburg', region: 'Hamburg', postal: digits(20095, 22769) },
      { name: 'München', region: 'Bayern', postal: digits(80331, 81929) },
      { name: 'Aachen', region: 'Nordrhein-Westfalen', postal: digits(52062, 52080) },
    ],
  },
  FR: {
    code: 'FR',
    phone: '+33 6',
    firstNames: { female: ['Chloé', 'Léa', 'Manon', 'Inès', 'Jade', 'Zoé'], male: ['Gabriel', 'Raphaël', 'Léo', 'Hugo', 'Nathan', 'Théo'] },
    lastNames: ['Martin', 'Bernard', 'Thomas', 'Petit', 'Robert', 'Richard', 'Durand', 'Moreau', 'Laurent', 'Simon'],
    streets: ['Rue de la Paix', 'Rue Victor Hugo', 'Avenue Jean Jaurès', 'Rue Nationale', 'Boulevard Gambetta'],
    cities: [
      { name: 'Paris', region: 'Île-de-France', postal: (rng) => `750${String(rng.int(1, 20)).padStart(2, '0')}` },
      { name: 'Lille', region: 'Hauts-de-France', postal: digits(59000, 59800) },
      { name: 'Lyon', region: 'Auvergne-Rhône-Alpes', postal: (rng) => `6900${rng.int(1, 9)}` },
    ],
  },
  AT: {
    code: 'AT',
    phone: '+43 664',
    firstNames: { female: ['Anna', 'Sophie', 'Laura', 'Katharina'], male: ['David', 'Elias', 'Jakob', 'Tobias'] },
    lastNames: ['Gruber', 'Huber', 'Bauer', 'Wagner', 'Pichler', 'Steiner'],
    streets: ['Hauptplatz', 'Mariahilfer Straße', 'Bahnhofstraße', 'Kirchengasse'],
    cities: [
      { name: 'Wien', region: 'Wien', postal: (rng) => `1${String(rng.int(1, 23)).padStart(2, '0')}0` },
      { name: 'Salzburg', region: 'Salzburg', postal: digits(5020, 5026) },
    ],
  },
  CH: {
    code: 'CH',
    phone: '+41 79',
    firstNames: { female: ['Lara', 'Alina', 'Nora', 'Elena'], male: ['Luca', 'Noah', 'Nico', 'Samuel'] },
    lastNames: ['Meier', 'Keller', 'Brunner', 'Baumann', 'Frei', 'Zimmermann'],
    streets: ['Bahnhofstrasse', 'Seestrasse', 'Dorfstrasse', 'Rue du Rhône'],
    cities: [
      { name: 'Zürich', region: 'Zürich', postal: digits(8001, 8099) },
      { name: 'Basel', region: 'Basel-Stadt', postal: digits(4001, 4059) },
    ],
  },
  GB: {
    code: 'GB',
    phone: '+44 7',
    firstNames: { female: ['Olivia', 'Amelia', 'Isla', 'Ava', 'Emily', 'Grace', 'Poppy'], male: ['Oliver', 'George', 'Harry', 'Jack', 'Charlie', 'Oscar', 'Alfie'] },
    lastNames: ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Davies', 'Evans', 'Thomas', 'Roberts', 'Walker', 'Wright'],
    streets: ['High Street', 'Station Road', 'Church Lane', 'Victoria Road', 'Mill Lane', 'Park Avenue'],
    cities: [
      { name: 'London', region: 'Greater London', postal: (rng) => uk(rng.pick(['SW', 'SE', 'N', 'E', 'W', 'NW']))(rng) },
      { name: 'Manchester', region: 'Greater Manchester', postal: uk('M') },
      { name: 'Bristol', region: 'Bristol', postal: uk('BS') },
      { name: 'Leeds', region: 'West Yorkshire', postal: uk('LS') },
    ],
  },
  IE: {
    code: 'IE',
    phone: '+353 87',
    firstNames: { female: ['Aoife', 'Ciara', 'Niamh', 'Saoirse'], male: ['Cian', 'Oisín', 'Darragh', 'Seán'] },
    lastNames: ['Murphy', 'Kelly', "O'Sullivan", 'Walsh', 'Byrne', 'Ryan'],
    streets: ['Main Street', 'Church Road', 'Grafton Street', 'Strand Road'],
    cities: [
      { name: 'Dublin', region: 'Leinster', postal: (rng) => `D${String(rng.int(1, 24)).padStart(2, '0')} ${rng.pick([...letters])}${rng.int(100, 999)}` },
      { name: 'Cork', region: 'Munster', postal: (rng) => `T12 ${rng.pick([...letters])}${rng.int(100, 999)}` },
    ],
  },
};
