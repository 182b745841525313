#!/usr/bin/env bash
# Installs the Debian packages Hangar uses. Idempotent: installs only what is missing.
# Needs root (or sudo). Features whose package is missing report "unavailable: install X" at run time.
set -euo pipefail

PACKAGES=(
  chromium            # end-to-end tests (never a downloaded browser)
  # Translator (issue 14): the offline engine and its pairs (EN-ES direct; FR and PT pivot through ES)
  apertium apertium-eng-spa apertium-fr-es apertium-es-pt
  # Translator: docx page counts and output checks (soffice --headless --convert-to pdf)
  libreoffice-writer-nogui libreoffice-impress-nogui
  # Translator: fonts drawn into translated PDFs (IPAex covers Latin and Japanese) and metric clones for page counts
  fonts-ipaexfont-gothic fonts-dejavu-core fonts-dejavu-extra fonts-crosextra-carlito fonts-crosextra-caladea
  qpdf                # translator test fixtures (an encrypted pdf made by another tool)
  # Multi Docs (issue 15): OCR of images and scanned pages, with English, French, Spanish and Portuguese data
  tesseract-ocr tesseract-ocr-eng tesseract-ocr-fra tesseract-ocr-spa tesseract-ocr-por
  poppler-utils       # Multi Docs: pdftoppm renders a scanned page to an image for OCR
  ffmpeg              # Multi Docs: audio and video to 16 kHz mono wav; recordings saved as mp3
  pocketsphinx pocketsphinx-en-us   # Multi Docs: offline speech to text (English)
  espeak-ng           # Multi Docs test fixtures (a spoken English wav made by another tool)
  nginx               # Production scale (issue 19): the proxy in front of several portal processes (deploy/nginx)
  # Talk to my data's parser test: real words of four languages are never read as typos of a measure
  wamerican wfrench wspanish wportuguese
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup-system: all system packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then SUDO="sudo"; else
    echo "setup-system: missing ${missing[*]}; run this script as root to install them" >&2
    exit 1
  fi
fi
echo "setup-system: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
